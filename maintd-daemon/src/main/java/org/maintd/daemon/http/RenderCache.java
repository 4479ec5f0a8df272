package org.maintd.daemon.http;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The reads' answers rendered once per published view (or per scrape of the metrics): an answer is
 * kept, by its request (path and query), for as long as the view it was rendered from is the
 * latest, compared by identity; the first request that sees a newer view starts afresh. At most
 * {@code limit} answers are kept per view (a query nobody repeats must not grow it). Thread-safe.
 */
public final class RenderCache {
  private final int limit;
  private final AtomicReference<Generation> current = new AtomicReference<>();

  /** The answers rendered from one view. */
  private record Generation(Object view, Map<String, Rendered> answers) {}

  public RenderCache(int limit) {
    this.limit = limit;
  }

  /** The answer to {@code request} in {@code view}: the kept one, or {@code render}'s, kept. */
  public Rendered get(Object view, String request, Supplier<Rendered> render) {
    Generation g = current.get();
    if (g == null || g.view() != view) {
      Generation fresh = new Generation(view, new ConcurrentHashMap<>());
      g = current.compareAndSet(g, fresh) ? fresh : current.get();
      if (g.view() != view) {
        // another request moved to an even newer view meanwhile: answer without keeping
        return render.get();
      }
    }
    Rendered kept = g.answers().get(request);
    if (kept != null) {
      return kept;
    }
    Rendered made = render.get();
    if (g.answers().size() < limit) {
      g.answers().putIfAbsent(request, made);
    }
    return made;
  }
}
