package org.maintd.daemon.notify;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.maintd.daemon.config.Notifications;
import org.maintd.notify.Event;

/**
 * Sends an event to one receiver, once, and says what it answered: a webhook is sent a {@code POST}
 * (any 2xx answer takes it), a file is appended one line and forced to disk. Never throws for what
 * the receiver does; waits at most the timeout. Thread-safe.
 */
public sealed interface Sender {

  Answer send(Event e);

  /** The sender of {@code receiver}, waiting at most {@code timeout}. */
  static Sender of(Notifications.Receiver receiver, Duration timeout) {
    Notifications.Target t = receiver.target();
    if (t instanceof Notifications.Target.Webhook w) {
      return new Webhook(
          w, receiver.form(), timeout, HttpClient.newBuilder().connectTimeout(timeout).build());
    }
    if (t instanceof Notifications.Target.File f) {
      return new JsonLines(f);
    }
    throw new IllegalArgumentException("no sender is known for " + t);
  }

  /** A webhook: the body of its form, posted. */
  record Webhook(
      Notifications.Target.Webhook target,
      Notifications.Form form,
      Duration timeout,
      HttpClient client)
      implements Sender {
    @Override
    public Answer send(Event e) {
      HttpRequest request =
          HttpRequest.newBuilder(target.url())
              .timeout(timeout)
              .header("Content-Type", "application/json")
              .header("User-Agent", "maintd")
              .POST(HttpRequest.BodyPublishers.ofString(Bodies.of(e, form)))
              .build();
      try {
        HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
        String said = "HTTP " + r.statusCode();
        return r.statusCode() / 100 == 2
            ? new Answer.Delivered(said)
            : new Answer.Failed(said + " " + first(r.body()));
      } catch (HttpTimeoutException ex) {
        return new Answer.Failed("no answer within " + timeout.toMillis() + " ms");
      } catch (ConnectException ex) {
        return new Answer.Failed("cannot connect to " + where());
      } catch (IOException ex) {
        return new Answer.Failed(
            "cannot send to "
                + where()
                + ": "
                + (ex.getMessage() == null ? "the connection failed" : ex.getMessage()));
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
        return new Answer.Failed("interrupted while sending");
      }
    }

    /** The receiver's host and port, never its user info (it may hold a password). */
    private String where() {
      int port = target.url().getPort();
      return target.url().getHost() + (port == -1 ? "" : ":" + port);
    }

    private static String first(String body) {
      String line = body.lines().findFirst().orElse("");
      return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
  }

  /** A file: the event as JSON, one line appended, forced to disk. */
  record JsonLines(Notifications.Target.File target) implements Sender {
    @Override
    public synchronized Answer send(Event e) {
      byte[] line = (Bodies.of(e, Notifications.Form.JSON) + "\n").getBytes(StandardCharsets.UTF_8);
      try (FileChannel out =
          FileChannel.open(
              target.path(),
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.APPEND)) {
        out.write(ByteBuffer.wrap(line));
        out.force(false);
        return new Answer.Delivered("appended to " + target.path());
      } catch (IOException ex) {
        return new Answer.Failed("cannot append to " + target.path() + ": " + ex.getMessage());
      }
    }
  }
}
