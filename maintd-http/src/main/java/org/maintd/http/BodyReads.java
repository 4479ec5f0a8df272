package org.maintd.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads request bodies without holding a thread while they arrive: what has come is taken, and
 * Jetty is asked to call back when more comes ({@link Content.Source#demand}), so that clients that
 * send their headers and then their body slowly, or never, keep no thread of the server's pool from
 * the requests that are ready. Bounded as {@link Bodies} is ({@code limit} bytes, 413 beyond), and
 * further: a body must have arrived within {@code deadline} of its request (408), and at most
 * {@code atOnce} bodies of requests not yet authenticated are read at the same time (503 {@code
 * busy} for one more). Thread-safe.
 */
public final class BodyReads {
  private final int limit;
  private final Duration deadline;
  private final int atOnce;
  private final Semaphore unauthenticated;

  public BodyReads(int limit, Duration deadline, int atOnce) {
    this.limit = limit;
    this.deadline = deadline;
    this.atOnce = atOnce;
    this.unauthenticated = new Semaphore(atOnce);
  }

  /**
   * Starts reading {@code request}'s body and returns at once. {@code then} gets the body as text,
   * on the thread that read its last bytes (this one when it had all come); {@code refused} gets
   * why there is none instead: 413 over the limit, 400 not UTF-8, 408 too slow or cut off, 503 too
   * many unauthenticated bodies at once. One of them is called, once.
   *
   * @param authenticated whether the request's headers proved who sent it already (then it does not
   *     count against the bodies read at once before authentication)
   */
  public void read(
      Request request, boolean authenticated, Consumer<String> then, Consumer<HttpError> refused) {
    try {
      Bodies.refuseDeclaredOver(request, limit);
    } catch (HttpError e) {
      refused.accept(e);
      return;
    }
    if (!authenticated && !unauthenticated.tryAcquire()) {
      refused.accept(
          new HttpError(
              503,
              "busy",
              "too many requests are sending their bodies at once ("
                  + atOnce
                  + " before they are authenticated): try again in a moment"));
      return;
    }
    new Reading(request, !authenticated, then, refused).start();
  }

  /** One body being read: chunks copied as they come, until the last, a failure or the deadline. */
  private final class Reading implements Runnable {
    private final Request request;
    private final boolean counted;
    private final Consumer<String> then;
    private final Consumer<HttpError> refused;
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();
    private final AtomicBoolean over = new AtomicBoolean();
    private volatile Scheduler.Task timer;

    Reading(Request request, boolean counted, Consumer<String> then, Consumer<HttpError> refused) {
      this.request = request;
      this.counted = counted;
      this.then = then;
      this.refused = refused;
    }

    void start() {
      timer =
          request
              .getComponents()
              .getScheduler()
              .schedule(this::late, deadline.toMillis(), TimeUnit.MILLISECONDS);
      run();
    }

    /** Takes what has come; asks to be called again when more comes, until the last chunk. */
    @Override
    public void run() {
      while (!over.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this);
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          refuse(
              new HttpError(
                  408,
                  "request-timeout",
                  "the request body did not arrive: " + chunk.getFailure().getMessage()));
          return;
        }
        boolean last = chunk.isLast();
        boolean kept = keep(chunk.getByteBuffer());
        chunk.release();
        if (!kept) {
          refuse(Bodies.tooLarge(limit, "more sent"));
          return;
        }
        if (last) {
          done();
          return;
        }
      }
    }

    private boolean keep(ByteBuffer bytes) {
      if (data.size() + bytes.remaining() > limit) {
        return false;
      }
      byte[] copy = new byte[bytes.remaining()];
      bytes.get(copy);
      data.writeBytes(copy);
      return true;
    }

    private void done() {
      String body;
      try {
        body = Bodies.utf8(data.toByteArray());
      } catch (HttpError e) {
        refuse(e);
        return;
      }
      if (end()) {
        then.accept(body);
      }
    }

    private void late() {
      refuse(
          new HttpError(
              408,
              "request-timeout",
              "the request body did not arrive within "
                  + (deadline.toMillis() % 1000 == 0
                      ? deadline.toSeconds() + " s"
                      : deadline.toMillis() + " ms")));
    }

    private void refuse(HttpError e) {
      if (end()) {
        refused.accept(e);
      }
    }

    /** Whether this call ended the reading (only the first does); frees its place. */
    private boolean end() {
      if (!over.compareAndSet(false, true)) {
        return false;
      }
      Scheduler.Task t = timer;
      if (t != null) {
        t.cancel();
      }
      if (counted) {
        unauthenticated.release();
      }
      return true;
    }
  }
}
