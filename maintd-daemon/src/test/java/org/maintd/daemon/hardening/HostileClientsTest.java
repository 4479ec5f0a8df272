package org.maintd.daemon.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.RawHttp;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.protocol.signing.SignedMessage;

/**
 * Both servers, the daemon's API and a node's collector, against clients that misbehave on purpose:
 * bodies far over the limit, chunked or declared, with and without credentials, many at once;
 * clients that stall; signed requests sent again in another spelling; requests Jetty itself
 * refuses. Every answer is JSON, nothing is read past the limit, and the servers keep answering.
 */
class HostileClientsTest {
  private static final long FLOOD = 8L << 20;
  private static final List<String> CHANGES =
      List.of(
          "/1/pause",
          "/1/resume",
          "/1/machines/up",
          "/1/machines/down",
          "/1/maintenance/schedule",
          "/1/campaigns",
          "/1/incidents/" + UUID.randomUUID() + "/cancel",
          "/1/incidents/" + UUID.randomUUID() + "/ack",
          "/1/campaigns/c1/pause",
          "/1/sim/diagnose",
          "/1/sim/fail");

  @TempDir Path tmp;

  TestCluster cluster;
  HmacKey key;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
    key = HmacKey.fromFileContent(Files.readAllBytes(cluster.keyFile));
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private RawHttp raw(int port) throws Exception {
    return new RawHttp(port, Duration.ofSeconds(20));
  }

  /** Headers of a request signed with the cluster key for {@code body}, fresh and unique. */
  private String signedHeaders(String path, String body) {
    String nonce = UUID.randomUUID().toString();
    SignedMessage s = key.sign(RequestSignature.text("POST", path, nonce, body), Instant.now());
    return RequestSignature.SALT_HEADER
        + ": "
        + s.salt()
        + "\r\n"
        + RequestSignature.NONCE_HEADER
        + ": "
        + nonce
        + "\r\n"
        + RequestSignature.HMAC_HEADER
        + ": "
        + s.hmac()
        + "\r\n";
  }

  private static String error(RawHttp.Answer a) throws Exception {
    assertEquals("application/json", a.header("Content-Type"), a.head());
    return (String) ((Map<?, ?>) Json.parse(a.body())).get("error");
  }

  @Test
  void unauthenticatedBodiesAreRefusedFromTheHeadersBeforeAnyOfThemIsRead() throws Exception {
    for (String path : CHANGES) {
      try (RawHttp c = raw(cluster.port())) {
        c.send("POST " + path + " HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
            .sendChunks(FLOOD, 65536);
        RawHttp.Answer a = c.answer();
        assertEquals(401, a.status(), path + ": " + a.body());
        assertEquals("unauthorized", error(a));
        assertTrue(a.body().contains("authentication required"), a.body());
        assertEquals("close", a.header("Connection"), "its body was not read: " + a.head());
      }
      try (RawHttp c = raw(cluster.port())) {
        RawHttp.Answer a =
            c.send("POST " + path + " HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000000\r\n\r\n")
                .answer();
        assertEquals(401, a.status(), path);
      }
    }
  }

  @Test
  void anAuthenticatedBodyOverTheLimitIsRefusedWith413WhateverItsEncoding() throws Exception {
    try (RawHttp c = raw(cluster.port())) {
      c.send(
              "POST /1/pause HTTP/1.1\r\nHost: t\r\n"
                  + signedHeaders("/1/pause", "")
                  + "Transfer-Encoding: chunked\r\n\r\n")
          .sendChunks(FLOOD, 65536);
      RawHttp.Answer a = c.answer();
      assertEquals(413, a.status(), a.body());
      assertEquals("body-too-large", error(a));
      assertTrue(
          a.body().contains("over the limit of " + TestCluster.MAX_BODY + " bytes"), a.body());
      assertEquals("close", a.header("Connection"));
    }
    try (RawHttp c = raw(cluster.port())) {
      String auth = java.util.Base64.getEncoder().encodeToString("writer:s3cret".getBytes());
      Files.writeString(tmp.resolve("users"), "writer s3cret write\n");
      RawHttp.Answer a =
          c.send(
                  "POST /1/pause HTTP/1.1\r\nHost: t\r\nAuthorization: Basic "
                      + auth
                      + "\r\nContent-Length: 1000000000\r\n\r\n")
              .answer();
      assertEquals(
          413,
          a.status(),
          "refused from the declared length, before a byte of the body: " + a.body());
    }
    assertEquals(
        false, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"), "nothing was applied");
  }

  @Test
  void manyOversizedUploadsAtOnceLeaveBothServersAnswering() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(24);
    try {
      List<Future<Integer>> uploads = new ArrayList<>();
      for (int i = 0; i < 24; i++) {
        boolean collector = i % 3 == 0;
        boolean signed = i % 2 == 0;
        uploads.add(
            pool.submit(
                () -> {
                  try (RawHttp c = raw(collector ? cluster.collectorPort("n2") : cluster.port())) {
                    String path = collector ? "/1/repair" : "/1/pause";
                    c.send(
                            "POST "
                                + path
                                + " HTTP/1.1\r\nHost: t\r\n"
                                + (signed && !collector ? signedHeaders(path, "") : "")
                                + "Transfer-Encoding: chunked\r\n\r\n")
                        .sendChunks(FLOOD, 65536);
                    return c.answer().status();
                  }
                }));
      }
      for (Future<Integer> f : uploads) {
        int status = f.get(60, TimeUnit.SECONDS);
        assertTrue(status == 401 || status == 413, "refused, not " + status);
      }
      List<Future<Integer>> reads = new ArrayList<>();
      for (int i = 0; i < 12; i++) {
        reads.add(pool.submit(() -> cluster.getRaw("/1/status").statusCode()));
      }
      for (Future<Integer> f : reads) {
        assertEquals(200, f.get(5, TimeUnit.SECONDS));
      }
      try (RawHttp c = raw(cluster.collectorPort("n2"))) {
        assertEquals(
            200,
            c.send("GET /1/report/node/diagnose HTTP/1.1\r\nHost: t\r\n\r\n").answer().status());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientThatStallsMidBodyIsDroppedWithoutAServerError() throws Exception {
    for (int port : new int[] {cluster.port(), cluster.collectorPort("n3")}) {
      String path = port == cluster.port() ? "/1/pause" : "/1/repair";
      try (RawHttp c = raw(port)) {
        long started = System.nanoTime();
        c.send(
            "POST "
                + path
                + " HTTP/1.1\r\nHost: t\r\n"
                + (port == cluster.port() ? signedHeaders(path, "{}") : "")
                + "Content-Length: 100\r\n\r\n{\"half\":");
        RawHttp.Answer a = c.answer();
        assertTrue(a.status() == 408, "timed out, not " + a.status() + ": " + a.body());
        assertEquals("request-timeout", error(a));
        assertTrue(
            System.nanoTime() - started < TimeUnit.SECONDS.toNanos(15),
            "dropped after the idle timeout");
      }
    }
    assertEquals(200, cluster.getRaw("/1/status").statusCode());
  }

  @Test
  void aSignedRequestIsAcceptedOnceWhateverTheSpellingOfItsSignature() throws Exception {
    String nonce = "n-" + UUID.randomUUID();
    SignedMessage s = key.sign(RequestSignature.text("POST", "/1/pause", nonce, ""), Instant.now());
    String salt =
        RequestSignature.SALT_HEADER
            + ": "
            + s.salt()
            + "\r\n"
            + RequestSignature.NONCE_HEADER
            + ": "
            + nonce
            + "\r\n";
    List<String> spellings =
        List.of(
            s.hmac(),
            s.hmac().toUpperCase(),
            " " + s.hmac() + " ",
            s.hmac().substring(0, 32).toUpperCase() + s.hmac().substring(32));
    for (int i = 0; i < spellings.size(); i++) {
      try (RawHttp c = raw(cluster.port())) {
        RawHttp.Answer a =
            c.send(
                    "POST /1/pause HTTP/1.1\r\nHost: t\r\n"
                        + salt
                        + RequestSignature.HMAC_HEADER
                        + ": "
                        + spellings.get(i)
                        + "\r\nContent-Length: 0\r\n\r\n")
                .answer();
        if (i == 0) {
          assertEquals(200, a.status(), a.body());
        } else {
          assertEquals(401, a.status(), "'" + spellings.get(i) + "': " + a.body());
          assertTrue(a.body().contains("replayed"), a.body());
        }
      }
    }
    SignedMessage other =
        key.sign(RequestSignature.text("POST", "/1/resume", "n2", ""), Instant.now());
    try (RawHttp c = raw(cluster.port())) {
      RawHttp.Answer a =
          c.send(
                  "POST /1/resume HTTP/1.1\r\nHost: t\r\n"
                      + RequestSignature.SALT_HEADER
                      + ": "
                      + other.salt()
                      + "\r\n"
                      + RequestSignature.NONCE_HEADER
                      + ": n2\r\n"
                      + RequestSignature.HMAC_HEADER
                      + ": "
                      + other.hmac()
                      + "\r\n"
                      + RequestSignature.HMAC_HEADER
                      + ": "
                      + other.hmac()
                      + "\r\nContent-Length: 0\r\n\r\n")
              .answer();
      assertEquals(401, a.status());
      assertTrue(
          a.body().contains("more than one " + RequestSignature.HMAC_HEADER + " header"), a.body());
    }
    assertEquals(
        true, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"), "paused once, never resumed");
  }

  @Test
  void aRepairRequestIsRunOnceWhateverTheSpellingOfItsSignature() throws Exception {
    Map<String, Object> req =
        Map.of(
            "incident",
            UUID.randomUUID().toString(),
            "node",
            "n2",
            "command",
            "demo-fix",
            "original",
            Map.of("status", "live-repair", "command", "demo-fix"));
    SignedMessage s = key.sign(Json.write(req), Instant.now());
    String first = SignedJson.write(s);
    String upper = SignedJson.write(new SignedMessage(s.msg(), s.salt(), s.hmac().toUpperCase()));
    for (String body : List.of(first, upper)) {
      try (RawHttp c = raw(cluster.collectorPort("n2"))) {
        RawHttp.Answer a =
            c.send(
                    "POST /1/repair HTTP/1.1\r\nHost: t\r\nContent-Length: "
                        + body.length()
                        + "\r\n\r\n"
                        + body)
                .answer();
        if (body.equals(first)) {
          assertEquals(200, a.status(), a.body());
        } else {
          assertEquals(401, a.status(), a.body());
          assertEquals("signature-replayed", error(a));
        }
      }
    }
  }

  @Test
  void everyErrorOfBothServersIsJsonWithAFittingStatus() throws Exception {
    for (int port : new int[] {cluster.port(), cluster.collectorPort("n2")}) {
      assertJsonError(port, "GET /" + "x".repeat(10_000) + " HTTP/1.1\r\nHost: t\r\n\r\n", 414);
      assertJsonError(
          port, "GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + "y".repeat(10_000) + "\r\n\r\n", 431);
      assertJsonError(port, "GET /1/a%2Fb HTTP/1.1\r\nHost: t\r\n\r\n", 400);
      for (String method : List.of("DELETE", "PUT", "PATCH", "OPTIONS", "POST")) {
        assertJsonError(
            port,
            method + " /1/nodes/n2/reboot/%2E%2E HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n",
            400);
        assertJsonError(
            port, method + " /1/a%2Fb HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", 400);
      }
      assertJsonError(port, "GET /nothing HTTP/1.1\r\nHost: t\r\n\r\n", 404);
      assertJsonError(port, "PUT / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n", 405);
      assertJsonError(port, "BREW / HTTP/1.1\r\nHost: t\r\n\r\n", 405);
      assertJsonError(port, "GET / HTTP/1.1\r\n\r\n", 400);
      try (RawHttp c = raw(port)) {
        RawHttp.Answer head = c.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\n").answer();
        assertEquals(200, head.status(), head.head());
        assertEquals("", head.body());
      }
    }
    String cancel = "/1/incidents/cancel";
    try (RawHttp c = raw(cluster.port())) {
      RawHttp.Answer a =
          c.send(
                  "POST "
                      + cancel
                      + " HTTP/1.1\r\nHost: t\r\n"
                      + signedHeaders(cancel, "")
                      + "Content-Length: 0\r\n\r\n")
              .answer();
      assertEquals(405, a.status(), "no incident can be canceled there: " + a.body());
      assertEquals("method-not-allowed", error(a));
      assertEquals("GET, HEAD", a.header("Allow"));
    }
  }

  private void assertJsonError(int port, String request, int status) throws Exception {
    try (RawHttp c = raw(port)) {
      RawHttp.Answer a = c.send(request).answer();
      assertEquals(
          status,
          a.status(),
          request.lines().findFirst().orElse("") + ": " + a.head() + "\n" + a.body());
      assertNotEquals("", error(a));
      assertTrue(!a.body().contains("<html") && !a.body().contains("\tat "), a.body());
    }
  }
}
