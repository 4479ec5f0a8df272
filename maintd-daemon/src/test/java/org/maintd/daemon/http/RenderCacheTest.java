package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Answers kept per view and request, at most a limit of them per view. */
class RenderCacheTest {
  private final AtomicInteger renders = new AtomicInteger();

  private Rendered render(String text) {
    renders.incrementAndGet();
    return Rendered.of("text/plain", text);
  }

  @Test
  void keptPerViewAndRequest() {
    RenderCache cache = new RenderCache(10);
    Object v1 = new Object();
    Rendered a = cache.get(v1, "/a", () -> render("a"));
    assertSame(a, cache.get(v1, "/a", () -> render("a again")));
    cache.get(v1, "/b", () -> render("b"));
    assertEquals(2, renders.get());
    Object v2 = new Object();
    assertEquals("a2", new String(cache.get(v2, "/a", () -> render("a2")).bytes()));
    assertEquals(3, renders.get());
  }

  @Test
  void aQueryNobodyRepeatsIsNotKeptBeyondTheLimit() {
    RenderCache cache = new RenderCache(2);
    Object v = new Object();
    for (int i = 0; i < 5; i++) {
      String key = "/roll?" + i;
      cache.get(v, key, () -> render(key));
    }
    assertEquals(5, renders.get());
    cache.get(v, "/roll?0", () -> render("again"));
    cache.get(v, "/roll?4", () -> render("again"));
    assertEquals(6, renders.get(), "the first two were kept, the last was not");
  }

  @Test
  void anEqualBodyHasTheSameTag() {
    assertEquals(Rendered.of("a", "x").etag(), Rendered.of("a", "x").etag());
    assertEquals(26, Rendered.of("a", "x").etag().length());
  }
}
