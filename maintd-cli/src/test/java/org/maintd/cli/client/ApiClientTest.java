package org.maintd.cli.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.protocol.api.PausedView;

/**
 * How maintctl's requests travel and fail: sent once more to a busy daemon that says when, sent on
 * to the leader a standby names (and everything after asked of the leader), and every failure a
 * {@link Trouble}. Against {@link ScriptedDaemon}s on loopback ports; the sleeps are recorded, not
 * slept. About 2 s (a Jetty per test; the first pays for loading the client).
 */
class ApiClientTest {
  private static final String PAUSED =
      "{\"paused\": true, \"reason\": \"by test\", \"storm\": \"\"}";

  @TempDir Path tmp;

  private final List<Duration> slept = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  @org.junit.jupiter.api.BeforeEach
  void key() throws Exception {
    Files.writeString(tmp.resolve("hmac.key"), "0123456789abcdef0123456789abcdef");
  }

  private ApiClient client(String url) {
    return client(url, Optional.of(new Trouble.KeyFile(tmp.resolve("hmac.key"), "--key-file")));
  }

  private ApiClient client(String url, Optional<Trouble.KeyFile> key) {
    return new ApiClient(url, key, Optional.empty(), slept::add, notes::add);
  }

  private static Trouble trouble(Runnable call) {
    return assertThrows(ApiException.class, call::run).trouble().orElseThrow();
  }

  private static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static ScriptedDaemon.Answer busy(String retryAfter) {
    ScriptedDaemon.Answer b = ScriptedDaemon.Answer.error(503, "busy", "too many at once");
    return retryAfter.isEmpty()
        ? b
        : new ScriptedDaemon.Answer(503, Map.of("Retry-After", retryAfter), b.body());
  }

  @Test
  void aBusyDaemonThatSaysWhenIsAskedOnceMoreThenSignedAnew() throws Exception {
    try (ScriptedDaemon d = new ScriptedDaemon(busy("1"), ScriptedDaemon.Answer.ok(PAUSED))) {
      PausedView p = client(d.url()).post("/1/pause", Map.of(), PausedView.class);
      assertTrue(p.paused());
      assertEquals(List.of(Duration.ofSeconds(1)), slept);
      assertEquals(2, d.sent().size());
      assertNotEquals(d.sent().get(0).nonce(), d.sent().get(1).nonce(), "a signature is spent");
    }
  }

  @Test
  void aDaemonBusyTwiceIsAFailureSayingWhenToTryAgain() throws Exception {
    try (ScriptedDaemon d = new ScriptedDaemon(busy("120"))) {
      ApiException e =
          assertThrows(
              ApiException.class,
              () -> client(d.url()).post("/1/pause", Map.of(), PausedView.class));
      assertEquals(List.of(Duration.ofSeconds(10)), slept, "at most 10 s, once");
      assertEquals(2, d.sent().size());
      assertTrue(e.getMessage().endsWith("try again in 120 s"), e.getMessage());
    }
  }

  @Test
  void aBusyAnswerThatSaysNotWhenIsNotSentAgain() throws Exception {
    try (ScriptedDaemon d = new ScriptedDaemon(busy(""))) {
      Trouble t = trouble(() -> client(d.url()).post("/1/pause", Map.of(), PausedView.class));
      assertEquals(503, ((Trouble.Refused) t).status());
      assertEquals(1, d.sent().size());
      assertEquals(List.of(), slept);
    }
  }

  @Test
  void aStandbysRefusalGoesToTheLeaderItNamesWhichIsAskedFromThenOn() throws Exception {
    try (ScriptedDaemon leader =
            new ScriptedDaemon(ScriptedDaemon.Answer.ok(PAUSED), ScriptedDaemon.Answer.ok("[]"));
        ScriptedDaemon standby = new ScriptedDaemon(notLeader(leader.url()))) {
      ApiClient c = client(standby.url());
      assertTrue(c.post("/1/pause", Map.of(), PausedView.class).paused());
      c.get("/1/status", List.class);
      assertEquals(List.of("POST /1/pause"), paths(standby));
      assertEquals(List.of("POST /1/pause", "GET /1/status"), paths(leader));
      assertNotEquals(standby.sent().get(0).nonce(), leader.sent().get(0).nonce());
      assertEquals(
          List.of(
              standby.url()
                  + " is a standby: sent to the leader, "
                  + leader.url()
                  + " (--url "
                  + leader.url()
                  + " asks it at once)"),
          notes);
      assertEquals(leader.url(), c.daemon().toString());
    }
  }

  @Test
  void aStandbyThatNamesNoLeaderSaysNoneLeads() throws Exception {
    try (ScriptedDaemon standby =
        new ScriptedDaemon(ScriptedDaemon.Answer.error(503, "not-leader", "no daemon leads"))) {
      Trouble t = trouble(() -> client(standby.url()).post("/1/pause", Map.of(), PausedView.class));
      assertEquals(new Trouble.NoLeader(java.net.URI.create(standby.url()), "no daemon leads"), t);
    }
  }

  @Test
  void aLeaderThatCannotBeReachedIsNamedWithTheStandbyThatNamedIt() throws Exception {
    String gone = "http://127.0.0.1:" + closedPort();
    try (ScriptedDaemon standby = new ScriptedDaemon(notLeader(gone))) {
      Trouble t = trouble(() -> client(standby.url()).post("/1/pause", Map.of(), PausedView.class));
      Trouble.LeaderUnreachable u = assertInstanceOf(Trouble.LeaderUnreachable.class, t);
      assertEquals(gone, u.leader().daemon().toString());
      assertEquals(Trouble.Reach.REFUSED, u.leader().reach());
    }
  }

  @Test
  void aLeaderThatNoLongerLeadsEither() throws Exception {
    try (ScriptedDaemon other =
            new ScriptedDaemon(ScriptedDaemon.Answer.error(503, "not-leader", "a standby"));
        ScriptedDaemon standby = new ScriptedDaemon(notLeader(other.url()))) {
      Trouble t = trouble(() -> client(standby.url()).post("/1/pause", Map.of(), PausedView.class));
      assertInstanceOf(Trouble.LeaderMoved.class, t);
      assertEquals(List.of(), notes, "not told of a leader that is none");
    }
  }

  @Test
  void aClosedPortIsAConnectionRefused() throws Exception {
    String url = "http://127.0.0.1:" + closedPort();
    Trouble t = trouble(() -> client(url).get("/1/status", List.class));
    assertEquals(Trouble.Reach.REFUSED, ((Trouble.Unreachable) t).reach());
    assertEquals(url, ((Trouble.Unreachable) t).daemon().toString());
  }

  @Test
  void aRefusalCarriesTheDaemonsCodeMessageAndTheKeyItWasSignedWith() throws Exception {
    try (ScriptedDaemon d =
        new ScriptedDaemon(ScriptedDaemon.Answer.error(409, "conflict", "node5 is already DOWN"))) {
      Trouble.Refused r =
          (Trouble.Refused)
              trouble(() -> client(d.url()).post("/1/machines/down", List.of(), List.class));
      assertEquals(409, r.status());
      assertEquals("conflict", r.code());
      assertEquals("node5 is already DOWN", r.message());
      assertEquals("POST /1/machines/down", r.method() + " " + r.path());
      assertEquals("--key-file", r.signedWith().orElseThrow().namedBy());
    }
  }

  @Test
  void aChangeWithoutAKeyFileIsRefusedBeforeAnythingIsSent() throws Exception {
    try (ScriptedDaemon d = new ScriptedDaemon()) {
      Trouble t =
          trouble(() -> client(d.url(), Optional.empty()).post("/1/pause", Map.of(), Map.class));
      assertEquals(new Trouble.NoKeyFile(), t);
      assertEquals(List.of(), d.sent());
    }
  }

  @Test
  void aKeyFileThatCannotBeReadIsNamedWithWhatNamedIt() throws Exception {
    Trouble.KeyFile missing = new Trouble.KeyFile(tmp.resolve("none"), "MAINTD_KEY_FILE");
    Path bad = tmp.resolve("bad.key");
    Files.writeString(bad, "");
    Trouble.KeyFile empty = new Trouble.KeyFile(bad, "--key-file");
    try (ScriptedDaemon d = new ScriptedDaemon()) {
      assertEquals(
          new Trouble.KeyUnreadable(missing, "no such file"),
          trouble(
              () -> client(d.url(), Optional.of(missing)).post("/1/pause", Map.of(), Map.class)));
      Trouble.KeyUnreadable k =
          (Trouble.KeyUnreadable)
              trouble(
                  () -> client(d.url(), Optional.of(empty)).post("/1/pause", Map.of(), Map.class));
      assertTrue(k.why().startsWith("not a key: "), k.why());
      assertEquals(List.of(), d.sent());
    }
  }

  @Test
  void anAnswerThatIsNotJsonIsNotMaintds() throws Exception {
    try (ScriptedDaemon d = new ScriptedDaemon(ScriptedDaemon.Answer.ok("<html>hi</html>"))) {
      assertEquals(
          new Trouble.NotMaintd(java.net.URI.create(d.url()), "/1/status", "<html>hi</html>"),
          trouble(() -> client(d.url()).get("/1/status", List.class)));
    }
  }

  private static ScriptedDaemon.Answer notLeader(String leader) {
    return new ScriptedDaemon.Answer(
        503,
        Map.of(),
        "{\"error\": \"not-leader\", \"message\": \"this maintd is a standby\", \"leader_url\": \""
            + leader
            + "\"}");
  }

  private static List<String> paths(ScriptedDaemon d) {
    return d.sent().stream().map(s -> s.method() + " " + s.path()).toList();
  }
}
