package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.ReplayGuard;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.signing.UsedSignatures;
import org.maintd.round.Answers;
import org.maintd.round.Command;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;

/**
 * A standby refuses a change before it looks at its signature, so that a script can send the same
 * signed request on to the leader it names; every daemon still accepts a signature once, whichever
 * daemon saw it first (the record of used signatures is shared, as ZooKeeper's is).
 */
class StandbyAdmissionTest {
  private static final HmacKey KEY =
      new HmacKey("the cluster key".getBytes(StandardCharsets.UTF_8));
  private static final String LEADER_URL = "http://leader.example.com:1816";

  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();
  private final UsedSignatures shared = new ReplayGuard(Duration.ofMinutes(10));
  private final List<Command> applied = new ArrayList<>();
  private final List<Server> servers = new ArrayList<>();

  @AfterEach
  void stop() throws Exception {
    for (Server s : servers) {
      s.stop();
    }
  }

  private int start(Commands commands) throws Exception {
    DaemonView view =
        new DaemonView(MaintdState.initial(Instant.EPOCH), null, Map.of(), PlanSnapshot.none(), "");
    Server server =
        ApiServer.newServer(
            "127.0.0.1",
            0,
            ApiRoutes.of(
                new ApiRoutes.Sources(
                    () -> view,
                    commands,
                    () ->
                        new HealthView(
                            "RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of()),
                    () -> "",
                    memory -> Optional.empty()),
                List.of()),
            new Authenticator(
                new SignatureVerifier(KEY, Duration.ofSeconds(300)),
                tmp.resolve("users"),
                Clock.systemUTC(),
                shared),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
    server.start();
    servers.add(server);
    return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  private static Commands standby() {
    return new Commands() {
      @Override
      public <R> R apply(Command<R> command) {
        throw new Commands.NotLeader(LEADER_URL);
      }

      @Override
      public void admit() {
        throw new Commands.NotLeader(LEADER_URL);
      }
    };
  }

  private Commands leader() {
    return TestApiServer.answering(
        command -> {
          applied.add(command);
          return new Answers.Paused(true, "automatic actions stopped by cluster-key");
        });
  }

  private HttpResponse<String> send(int port, Map<String, String> headers) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/1/pause"))
            .POST(HttpRequest.BodyPublishers.noBody());
    headers.forEach(b::header);
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** One signed request, as a script captures it: the same headers sent wherever it goes. */
  private static Map<String, String> signature() {
    String nonce = UUID.randomUUID().toString();
    SignedMessage s = KEY.sign(RequestSignature.text("POST", "/1/pause", nonce, ""), Instant.now());
    return Map.of(
        RequestSignature.SALT_HEADER, s.salt(),
        RequestSignature.NONCE_HEADER, nonce,
        RequestSignature.HMAC_HEADER, s.hmac());
  }

  private static String error(HttpResponse<String> r) throws Exception {
    return String.valueOf(((Map<?, ?>) Json.parse(r.body())).get("error"));
  }

  @Test
  void theSignedRequestAStandbyRefusedIsAcceptedOnceByTheLeaderItNames() throws Exception {
    int standby = start(standby());
    int leader = start(leader());
    Map<String, String> request = signature();

    HttpResponse<String> refused = send(standby, request);
    assertEquals(503, refused.statusCode(), refused.body());
    assertEquals("not-leader", error(refused));
    assertEquals(LEADER_URL, ((Map<?, ?>) Json.parse(refused.body())).get("leader_url"));

    HttpResponse<String> accepted = send(leader, request);
    assertEquals(200, accepted.statusCode(), "the signature was not spent: " + accepted.body());
    assertEquals(1, applied.size());

    HttpResponse<String> replayed = send(leader, request);
    assertEquals(401, replayed.statusCode(), replayed.body());
    assertTrue(replayed.body().contains("replayed"), replayed.body());
    assertEquals(1, applied.size(), "accepted once");
  }

  @Test
  void aStandbyRefusesAnUnsignedOrReplayedRequestAsWhatItIsAndAFreshOneAsNotTheLeader()
      throws Exception {
    int standby = start(standby());
    int leader = start(leader());
    assertEquals(401, send(standby, Map.of()).statusCode(), "unsigned: 401, as anywhere");
    Map<String, String> request = signature();
    assertEquals(200, send(leader, request).statusCode());
    HttpResponse<String> replayed = send(standby, request);
    assertEquals(401, replayed.statusCode(), "a replay is a replay on a standby too");
    assertTrue(replayed.body().contains("replayed"), replayed.body());
    assertEquals(503, send(standby, signature()).statusCode(), "a fresh one: not the leader");
  }

  @Test
  void aSignatureTheLeaderAcceptedIsRefusedByTheLeaderAgainAndNeverReachesAStandbysCommands()
      throws Exception {
    int leader = start(leader());
    int other = start(leader());
    Map<String, String> request = signature();
    assertEquals(200, send(leader, request).statusCode());
    HttpResponse<String> elsewhere = send(other, request);
    assertEquals(401, elsewhere.statusCode(), "shared record: " + elsewhere.body());
    assertEquals(1, applied.size());
  }
}
