package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WebhookReceiver;
import org.maintd.notify.EventKind;
import org.maintd.protocol.json.Json;

/**
 * Notifications from a running daemon (the simulated cluster, real collectors, the file store in a
 * temporary directory) to a real webhook receiver (Jetty on port 0) and a file: each event once, a
 * receiver that was down served once it is back, a slow one never holding a round up, and the test
 * endpoint. About 3 s per test.
 */
class NotificationsEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;
  WebhookReceiver hook;
  Path events;

  @BeforeEach
  void start() throws Exception {
    hook = new WebhookReceiver();
    events = tmp.resolve("events.jsonl");
    cluster = new TestCluster(Files.createDirectories(tmp.resolve("cluster")));
    cluster.notifications =
        new Notifications(
            List.of(
                receiver("hook", new Notifications.Target.Webhook(hook.url())),
                receiver("log", new Notifications.Target.File(events))),
            Duration.ofSeconds(30),
            Duration.ofMillis(200),
            Duration.ofMillis(400),
            Duration.ofHours(1));
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
    hook.close();
  }

  private static Notifications.Receiver receiver(String name, Notifications.Target target) {
    return new Notifications.Receiver(
        name, target, EnumSet.complementOf(EnumSet.of(EventKind.TEST)), Notifications.Form.JSON);
  }

  @Test
  void eachEventReachesEachReceiverOnce() throws Exception {
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    String uuid =
        cluster.awaitIncident("n2 evacuated", on("n2", "completed")).get("uuid").toString();
    List<String> expected =
        List.of("leader-changed/serial-1", "incident-opened/" + uuid, "incident-completed/" + uuid);
    cluster.awaitTrue("the hook took the events", () -> hook.ids().containsAll(expected));
    cluster.awaitTrue("the file has them", () -> fileIds().containsAll(expected));
    cluster.awaitTicks(5);
    assertEquals(expected, hook.ids(), "each once, in order");
    assertEquals(expected, fileIds());
    Map<?, ?> completed = Json.MAPPER.readValue(hook.bodies.get(2), Map.class);
    assertEquals("incident-completed", completed.get("event"));
    assertEquals("n2", completed.get("subject"));
    assertEquals("maintd", completed.get("source"));
    assertTrue(
        completed.get("text").toString().startsWith("incident " + uuid + " on n2 completed"));
  }

  @Test
  void aReceiverThatWasDownGetsTheEventOnceItIsBack() throws Exception {
    hook.down(true);
    cluster.startDaemon();
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    String uuid =
        cluster.awaitIncident("n2 noted", i -> i.get("node").equals("n2")).get("uuid").toString();
    cluster.awaitTrue("the hook was tried again", () -> hook.tries.size() >= 3);
    cluster.awaitTrue(
        "the health warns", () -> warnings().contains("notification receiver hook is down"));
    assertTrue(warnings().contains("HTTP 503 down for maintenance"), warnings());
    assertEquals(200, cluster.getRaw("/1/health").statusCode(), "the daemon stays serving");
    String metrics = cluster.getRaw("/metrics").body();
    assertTrue(metrics.contains("maintd_notification_receiver_up{receiver=\"hook\"} 0.0"), metrics);
    assertTrue(metrics.contains("maintd_notification_receiver_up{receiver=\"log\"} 1.0"), metrics);
    assertTrue(metrics.contains("maintd_notifications_failed_total{receiver=\"hook\"}"), metrics);
    assertEquals(List.of(), hook.ids());

    hook.down(false);
    cluster.awaitTrue("the hook took the event", () -> hook.taken("incident-opened/" + uuid) == 1);
    cluster.awaitTrue("the warning is gone", () -> !warnings().contains("notification receiver"));
    cluster.awaitTicks(5);
    assertEquals(1, hook.taken("incident-opened/" + uuid));
    assertEquals(1, hook.taken("leader-changed/serial-1"));
  }

  @Test
  void aSlowReceiverNeverHoldsARoundUp() throws Exception {
    hook.hold();
    cluster.startDaemon();
    cluster.awaitTrue("the hook holds the first event", () -> hook.tries.size() == 1);
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    String uuid =
        cluster.awaitIncident("n2 evacuated", on("n2", "completed")).get("uuid").toString();
    cluster.awaitTicks(3);
    assertEquals(1, hook.tries.size(), "one attempt at a time per receiver");
    assertEquals(List.of(), hook.bodies);
    cluster.awaitTrue(
        "the file receiver went on", () -> fileIds().contains("incident-completed/" + uuid));

    hook.release();
    cluster.awaitTrue(
        "the held events follow", () -> hook.taken("incident-completed/" + uuid) == 1);
  }

  @Test
  void theTestEndpointSaysWhatEachReceiverAnswered() throws Exception {
    cluster.startDaemon();
    hook.down(true);
    HttpResponse<String> r = cluster.signedPost("/1/notify/test", "");
    assertEquals(200, r.statusCode(), r.body());
    assertEquals(
        Map.of(
            "receivers",
            List.of(
                Map.of(
                    "name", "hook", "delivered", false, "answer", "HTTP 503 down for maintenance"),
                Map.of("name", "log", "delivered", true, "answer", "appended to " + events))),
        Json.MAPPER.readValue(r.body(), Map.class));
    assertEquals(
        401,
        cluster.post("/1/notify/test", "", java.net.http.HttpRequest.newBuilder()).statusCode(),
        "unsigned");
    MaintctlRun ctl =
        MaintctlRun.of("http://127.0.0.1:" + cluster.port(), cluster.keyFile, "notify", "test");
    assertEquals(1, ctl.code(), ctl.err());
    assertEquals(
        List.of(
            "RECEIVER  DELIVERED  ANSWER",
            "hook      no         HTTP 503 down for maintenance",
            "log       yes        appended to " + events),
        ctl.out().lines().map(String::stripTrailing).toList());
    assertEquals("maintctl: 1 of 2 receiver(s) did not take the test event", ctl.err().strip());
  }

  private String warnings() throws Exception {
    return String.valueOf(((Map<?, ?>) cluster.get("/1/health")).get("warnings"));
  }

  private List<String> fileIds() throws Exception {
    if (!Files.exists(events)) {
      return List.of();
    }
    return Files.readAllLines(events).stream().map(l -> String.valueOf(read(l).get("id"))).toList();
  }

  private static Map<?, ?> read(String line) {
    try {
      return Json.MAPPER.readValue(line, Map.class);
    } catch (Exception e) {
      throw new AssertionError("not a JSON line: " + line, e);
    }
  }
}
