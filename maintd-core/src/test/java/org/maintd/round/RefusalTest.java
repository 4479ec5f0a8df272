package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.CampaignException;

/**
 * A rule's refusal becomes the command's, case by case: what the API answers (400, 404, 409)
 * follows from it.
 */
class RefusalTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"BAD_REQUEST,BAD_REQUEST", "NOT_FOUND,NOT_FOUND", "CONFLICT,CONFLICT"})
  void aCampaignsRefusalIsTheCommandsRefusalOfItsKind(
      CampaignException.Kind kind, Refusal expected) {
    assertEquals(expected, Refusal.of(kind));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"BAD_REQUEST,BAD_REQUEST", "NOT_FOUND,NOT_FOUND", "CONFLICT,CONFLICT"})
  void aRebootRequestsRefusalIsTheCommandsRefusalOfItsKind(
      org.maintd.reboot.Refusal.Kind kind, Refusal expected) {
    assertEquals(expected, Refusal.of(kind));
  }

  @Test
  void everyKindOfRefusalOfTheRulesMapsToADifferentOneAndNoneIsStale() {
    Map<Refusal, CampaignException.Kind> campaigns = new EnumMap<>(Refusal.class);
    Arrays.stream(CampaignException.Kind.values()).forEach(k -> campaigns.put(Refusal.of(k), k));
    Map<Refusal, org.maintd.reboot.Refusal.Kind> reboots = new EnumMap<>(Refusal.class);
    Arrays.stream(org.maintd.reboot.Refusal.Kind.values())
        .forEach(k -> reboots.put(Refusal.of(k), k));
    assertEquals(CampaignException.Kind.values().length, campaigns.size());
    assertEquals(org.maintd.reboot.Refusal.Kind.values().length, reboots.size());
    assertFalse(campaigns.containsKey(Refusal.STALE) || reboots.containsKey(Refusal.STALE));
  }
}
