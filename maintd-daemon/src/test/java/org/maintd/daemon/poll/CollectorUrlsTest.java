package org.maintd.daemon.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each node's collector URL: its own entry as node names compare, else the template. */
class CollectorUrlsTest {
  private final CollectorUrls urls =
      new CollectorUrls(
          "http://{node}:1815/",
          Map.of(
              "node1", "http://127.1.0.1:99/node/node1/",
              "Node2.example.com", "http://127.1.0.2:99/node/node2",
              "node3.example.com", "http://127.1.0.3:99"));

  @Test
  void findsTheEntryByNameWithoutRegardToCaseOrDomain() {
    assertEquals(URI.create("http://127.1.0.1:99/node/node1"), urls.base("NODE1"));
    assertEquals(URI.create("http://127.1.0.1:99/node/node1"), urls.base("node1.example.com"));
    assertEquals(URI.create("http://127.1.0.2:99/node/node2"), urls.base("node2"));
    assertEquals(URI.create("http://127.1.0.2:99/node/node2"), urls.base("node2.EXAMPLE.com"));
    assertEquals(URI.create("http://127.1.0.3:99/1/master"), urls.resolve("node3", "/1/master"));
  }

  @Test
  void usesTheTemplateForOtherNodes() {
    assertEquals(URI.create("http://node4:1815"), urls.base("node4"));
    assertEquals(URI.create("http://node3.other.org:1815"), urls.base("node3.other.org"));
    assertEquals(URI.create("http://node10:1815"), urls.base("node10"));
  }

  @Test
  void looksUpTenThousandEntriesByName() {
    Map<String, String> many = new HashMap<>();
    for (int i = 0; i < 10_000; i++) {
      many.put("node-" + i, "http://127.1.0." + (i % 16 + 1) + ":99/node/node-" + i);
    }
    CollectorUrls fleet = new CollectorUrls("http://{node}:1815", many);
    for (int i = 0; i < 10_000; i++) {
      assertEquals(URI.create(many.get("node-" + i)), fleet.base("node-" + i));
    }
  }

  @Test
  void aResolvedUriIsKeptAndBeyondTheBoundStillResolved() {
    URI first = urls.resolve("node1", "/1/report");
    assertSame(first, urls.resolve("node1", "/1/report"));
    assertEquals(
        URI.create("http://127.1.0.1:99/node/node1/1/master"), urls.resolve("node1", "/1/master"));
    // the same node under another path, and another node under the same path, are not confused
    assertEquals(URI.create("http://node4:1815/1/report"), urls.resolve("node4", "/1/report"));
    CollectorUrls fleet = new CollectorUrls("http://{node}:1815", Map.of());
    for (int i = 0; i < CollectorUrls.KEPT + 10; i++) {
      fleet.resolve("node-" + i, "/1/report");
    }
    URI beyond = fleet.resolve("node-" + (CollectorUrls.KEPT + 5), "/1/report");
    assertEquals(URI.create("http://node-" + (CollectorUrls.KEPT + 5) + ":1815/1/report"), beyond);
    assertNotSame(beyond, fleet.resolve("node-" + (CollectorUrls.KEPT + 5), "/1/report"));
  }
}
