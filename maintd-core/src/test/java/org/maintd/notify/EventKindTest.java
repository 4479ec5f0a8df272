package org.maintd.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The kinds a receiver may ask for in the configuration, by their wire names. */
class EventKindTest {

  @ParameterizedTest(name = "{0}")
  @EnumSource(EventKind.class)
  void aReceiverMayAskForEveryKindButTheTest(EventKind kind) {
    assertEquals(kind != EventKind.TEST, EventKind.wanted().contains(kind.wireName()));
  }

  @Test
  void theWantedKindsAreTheNamesTheConfigurationDocuments() {
    assertEquals(
        List.of(
            "incident-opened",
            "incident-failed",
            "incident-completed",
            "campaign-started",
            "campaign-paused",
            "campaign-stuck",
            "campaign-finished",
            "machine-drain",
            "machine-down",
            "machine-up",
            "reboot-held",
            "reboot-released",
            "storm-tripped",
            "leader-changed",
            "planned-work-held"),
        EventKind.wanted());
  }
}
