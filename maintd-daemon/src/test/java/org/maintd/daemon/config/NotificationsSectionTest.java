package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maintd.notify.EventKind;

/** The {@code notifications} keys of maintd.yaml: receivers, their events and forms, bad values. */
class NotificationsSectionTest {
  private static Notifications read(String... lines) throws Exception {
    return ConfigLines.bind(lines).notifications();
  }

  @Test
  void noReceiversByDefault() throws Exception {
    assertEquals(Notifications.none(), read("port: 1816"));
  }

  @Test
  void aWebhookAndAFileWithTheirEventsAndForms() throws Exception {
    Notifications n =
        read(
            "notifications:",
            "  receivers:",
            "    chat:",
            "      url: https://mattermost.example.org/hooks/abc",
            "      form: slack",
            "      events: [incident-failed, storm-tripped]",
            "    log:",
            "      file: /var/log/maintd/events.jsonl",
            "  timeout: 2s",
            "  retry: 1s",
            "  retryMax: 1m",
            "  giveUpAfter: 1h");
    Notifications.Receiver chat = n.receivers().get(0);
    assertEquals(
        new Notifications.Receiver(
            "chat",
            new Notifications.Target.Webhook(
                URI.create("https://mattermost.example.org/hooks/abc")),
            Set.of(EventKind.INCIDENT_FAILED, EventKind.STORM_TRIPPED),
            Notifications.Form.SLACK),
        chat);
    assertTrue(chat.wants(EventKind.TEST), "a test goes to every receiver");
    assertFalse(chat.wants(EventKind.INCIDENT_OPENED));
    Notifications.Receiver log = n.receivers().get(1);
    assertEquals(
        new Notifications.Target.File(Path.of("/var/log/maintd/events.jsonl")), log.target());
    assertTrue(log.wants(EventKind.LEADER_CHANGED), "no events key: every event");
    assertEquals(Notifications.Form.JSON, log.form());
    assertEquals(
        List.of(
            Duration.ofSeconds(2),
            Duration.ofSeconds(1),
            Duration.ofMinutes(1),
            Duration.ofHours(1)),
        List.of(n.timeout(), n.retry(), n.retryMax(), n.giveUpAfter()));
  }

  @Test
  void everyBadValueIsNamedByItsKey() {
    List<String> problems =
        ConfigLines.problems(
            "notifications:",
            "  receivers:",
            "    a:",
            "      url: ftp://example.org/x",
            "    b:",
            "      url: http://example.org/x",
            "      file: /tmp/x",
            "    c:",
            "      file: relative.jsonl",
            "    d:",
            "      url: http://example.org/x",
            "      events: [incident-open]",
            "      form: teams",
            "      colour: red",
            "    'e f':",
            "      file: /tmp/y",
            "  retry: 2m",
            "  retryMax: 1m",
            "  timeout: soon");
    for (String key :
        List.of(
            "notifications.receivers.a.url: must be an http or https URL",
            "notifications.receivers.b.url: give exactly one of url",
            "notifications.receivers.c.file: must be an absolute path",
            "notifications.receivers.d.events: unknown event 'incident-open'; known: [incident-opened,",
            "notifications.receivers.d.form: must be one of [json, slack]",
            "notifications.receivers.d.colour: unknown key",
            "notifications.receivers.e f: a receiver's name is",
            "notifications.retryMax: must be at least retry",
            "notifications.timeout:")) {
      assertEquals(
          1, problems.stream().filter(p -> p.contains(key)).count(), key + " in " + problems);
    }
    assertEquals(9, problems.size(), problems.toString());
  }
}
