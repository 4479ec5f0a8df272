package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.maintd.round.StepDriver.allOk;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code maintctl down --force} refuses, whatever is forced, the master and a node that a campaign
 * is rebooting now (its current group); the campaign's other nodes and the rest go down.
 */
class MachineDownHoldersRoundTest {
  private final StepDriver d = new StepDriver();

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "n1 | n1 is the master: its window's drain moves the master role to a candidate first;"
            + " take it down once it drained",
        "n3 | campaign {campaign} is rebooting n3; abort it first",
        "n4 | ",
        "n2 | ",
      })
  void aForcedDownRefusesTheMasterAndANodeACampaignIsRebootingNow(String node, String refusal) {
    d.tick(allOk());
    d.command(
        new Command.PostSchedule(
            StepDriver.schedule(d.now.plus(Duration.ofDays(7)), false, "n1", "n2", "n3", "n4"),
            "ops"));
    String campaign = d.startCampaign("n3", "n4");
    assertEquals(List.of("n3"), d.stored().campaigns().get(0).currentGroup());

    d.command(new Command.MachinesDown(List.of(node), true, "ops"));
    if (refusal == null) {
      assertInstanceOf(Reply.AfterEffects.class, d.reply());
    } else {
      assertEquals(
          refusal.replace("{campaign}", campaign),
          assertInstanceOf(Reply.Refused.class, d.reply()).message());
    }
  }
}
