package org.maintd.daemon.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.config.Notifications;
import org.maintd.notify.Event;
import org.maintd.notify.EventKind;

/** What a receiver is sent, byte for byte, in each form. */
class BodiesTest {
  private static final Event FAILED =
      new Event(
          "incident-failed/9724c479",
          EventKind.INCIDENT_FAILED,
          Instant.parse("2026-11-29T15:00:00.250Z"),
          "node3",
          "incident 9724c479 on node3 failed: job 7 error: \"disk\" gone\nline two");

  @Test
  void theSlackFormIsOneTextFieldThatMattermostAndSlackShow() {
    assertEquals(
        "{\"text\":\"maintd: incident 9724c479 on node3 failed: job 7 error: \\\"disk\\\" gone\\nline"
            + " two\"}",
        Bodies.of(FAILED, Notifications.Form.SLACK));
  }

  @Test
  void theSlackFormShowsMentionsLinksAndAmpersandsAsTextNotAsCommands() {
    Event e = opened("reason: <!channel> see <http://x|link> & a > b");
    assertEquals(
        "{\"text\":\"maintd: reason: &lt;!channel&gt; see &lt;http://x|link&gt; &amp; a &gt;"
            + " b\"}",
        Bodies.of(e, Notifications.Form.SLACK));
  }

  @Test
  void theJsonFormKeepsTheTextAsItIs() {
    Event e = opened("<!channel> & <b>");
    assertEquals(
        "{\"id\":\"incident-opened/u1\",\"event\":\"incident-opened\","
            + "\"time\":\"2026-11-29T15:00:00Z\",\"subject\":\"node3\","
            + "\"text\":\"<!channel> & <b>\",\"source\":\"maintd\"}",
        Bodies.of(e, Notifications.Form.JSON));
  }

  @Test
  void theJsonFormIsTheEventOnOneLine() {
    assertEquals(
        "{\"id\":\"incident-failed/9724c479\",\"event\":\"incident-failed\","
            + "\"time\":\"2026-11-29T15:00:00.250Z\",\"subject\":\"node3\","
            + "\"text\":\"incident 9724c479 on node3 failed: job 7 error: \\\"disk\\\" gone\\nline"
            + " two\",\"source\":\"maintd\"}",
        Bodies.of(FAILED, Notifications.Form.JSON));
  }

  /** An incident opened on node3, its text as given. */
  private static Event opened(String text) {
    return new Event(
        "incident-opened/u1",
        EventKind.INCIDENT_OPENED,
        Instant.parse("2026-11-29T15:00:00Z"),
        "node3",
        text);
  }
}
