package org.maintd.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.maintd.cli.wait.Sleeper;
import org.maintd.protocol.api.ErrorBody;
import org.maintd.protocol.json.Json;

/**
 * Sends maintctl's requests and makes every failure a {@link Trouble}: a network that fails, a
 * daemon that refuses. A standby's refusal that names the leader is sent once more, to the leader,
 * as a new request (signed again: the first signature is spent), and the leader is then asked
 * everything else of the command, so that a wait sees the work as the leader does; the operator is
 * told, once. A 503 {@code busy} with {@code Retry-After} (nothing was changed) is sent once more
 * after that many seconds, at most {@value #MOST_RETRY_AFTER}. Not thread-safe (it remembers the
 * leader).
 */
final class Transport {
  static final long MOST_RETRY_AFTER = 10;
  private static final Duration ANSWER_WITHIN = Duration.ofSeconds(60);

  private final HttpClient http;
  private final URI base;
  private final Sleeper sleeper;
  private final Consumer<String> notes;
  private Optional<URI> leader = Optional.empty();

  Transport(HttpClient http, URI base, Sleeper sleeper, Consumer<String> notes) {
    this.http = http;
    this.base = base;
    this.sleeper = sleeper;
    this.notes = notes;
  }

  /** The daemon asked: the leader once a standby named it, else the one of --url. */
  URI daemon() {
    return leader.orElse(base);
  }

  /**
   * The answer 200 to {@code method path}, the request made by {@code request} for its whole URI;
   * an {@link ApiException} with the trouble otherwise ({@link ApiClient.Stale} for 412).
   */
  HttpResponse<String> exchange(
      Function<URI, HttpRequest.Builder> request,
      String method,
      String path,
      Optional<Trouble.KeyFile> signedWith) {
    URI to = daemon();
    HttpResponse<String> response = patiently(request, to, path);
    Optional<Map<?, ?>> standby = notLeader(response);
    if (standby.isPresent()) {
      response = toLeader(request, to, path, standby.get());
    }
    if (response.statusCode() != 200) {
      Trouble.Refused refused = refused(response, method, path, signedWith);
      throw response.statusCode() == 412 ? new ApiClient.Stale(refused) : new ApiException(refused);
    }
    return response;
  }

  /** The answer to a GET of {@code path} whatever its status, from the daemon asked. */
  HttpResponse<String> anyStatus(String path) {
    URI to = daemon();
    return send(HttpRequest.newBuilder(to.resolve(path)).GET(), to);
  }

  private HttpResponse<String> toLeader(
      Function<URI, HttpRequest.Builder> request, URI standby, String path, Map<?, ?> refusal) {
    if (!(refusal.get("leader_url") instanceof String named) || named.isBlank()) {
      throw new ApiException(new Trouble.NoLeader(standby, String.valueOf(refusal.get("message"))));
    }
    URI to = URI.create(named.endsWith("/") ? named.substring(0, named.length() - 1) : named);
    HttpResponse<String> response;
    try {
      response = patiently(request, to, path);
    } catch (ApiException e) {
      if (e.trouble().orElse(null) instanceof Trouble.Unreachable u) {
        throw new ApiException(new Trouble.LeaderUnreachable(standby, u));
      }
      throw e;
    }
    if (notLeader(response).isPresent()) {
      throw new ApiException(new Trouble.LeaderMoved(standby, to));
    }
    leader = Optional.of(to);
    notes.accept(
        standby
            + " is a standby: sent to the leader, "
            + to
            + " (--url "
            + to
            + " asks it at once)");
    return response;
  }

  /** The answer; a 503 busy with Retry-After is waited out and sent once more. */
  private HttpResponse<String> patiently(
      Function<URI, HttpRequest.Builder> request, URI to, String path) {
    HttpResponse<String> response = send(request.apply(to.resolve(path)), to);
    Optional<Long> after = retryAfter(response);
    if (response.statusCode() != 503 || !"busy".equals(code(response)) || after.isEmpty()) {
      return response;
    }
    try {
      sleeper.sleep(Duration.ofSeconds(Math.min(after.get(), MOST_RETRY_AFTER)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return response;
    }
    return send(request.apply(to.resolve(path)), to);
  }

  private HttpResponse<String> send(HttpRequest.Builder request, URI to) {
    try {
      return http.send(
          request.timeout(ANSWER_WITHIN).build(), HttpResponse.BodyHandlers.ofString());
    } catch (HttpConnectTimeoutException e) {
      throw new ApiException(new Trouble.Unreachable(to, Trouble.Reach.TIMED_OUT, "timed out"));
    } catch (HttpTimeoutException e) {
      throw new ApiException(new Trouble.Silent(to, ANSWER_WITHIN.toSeconds()));
    } catch (ConnectException e) {
      throw new ApiException(new Trouble.Unreachable(to, reach(e), String.valueOf(e)));
    } catch (javax.net.ssl.SSLException e) {
      throw new ApiException(
          String.valueOf(e.getMessage()).matches("(?s).*[Uu]nrecognized SSL message.*")
              ? new Trouble.WrongScheme(to, withScheme(to, "http"))
              : new Trouble.TlsFailed(to, String.valueOf(e.getMessage())));
    } catch (IOException e) {
      if (to.getScheme().equals("http") && String.valueOf(e.getMessage()).contains("status line")) {
        throw new ApiException(new Trouble.WrongScheme(to, withScheme(to, "https")));
      }
      throw new ApiException(
          new Trouble.Unreachable(to, Trouble.Reach.OTHER, "the connection failed: " + e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted");
    }
  }

  private static Trouble.Reach reach(ConnectException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UnresolvedAddressException || t instanceof java.net.UnknownHostException) {
        return Trouble.Reach.NO_SUCH_HOST;
      }
    }
    return Trouble.Reach.REFUSED;
  }

  private static String withScheme(URI uri, String scheme) {
    return scheme + uri.toString().substring(uri.getScheme().length());
  }

  private Trouble.Refused refused(
      HttpResponse<String> response,
      String method,
      String path,
      Optional<Trouble.KeyFile> signedWith) {
    ErrorBody body = errorBody(response).orElse(new ErrorBody("", response.body()));
    return new Trouble.Refused(
        daemon(),
        method,
        path,
        response.statusCode(),
        body.error() == null ? "" : body.error(),
        body.message() == null ? "" : body.message(),
        retryAfter(response),
        signedWith);
  }

  private static Optional<ErrorBody> errorBody(HttpResponse<String> response) {
    try {
      return Optional.ofNullable(Json.LENIENT.readValue(response.body(), ErrorBody.class));
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }

  private static String code(HttpResponse<String> response) {
    return errorBody(response).map(ErrorBody::error).orElse("");
  }

  private static Optional<Long> retryAfter(HttpResponse<String> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .filter(v -> v.matches("\\d{1,6}"))
        .map(Long::parseLong);
  }

  /** A standby's refusal of a change ({@code not-leader}): its body, with the leader if known. */
  private static Optional<Map<?, ?>> notLeader(HttpResponse<String> response) {
    if (response.statusCode() != 503) {
      return Optional.empty();
    }
    try {
      return Json.parse(response.body()) instanceof Map<?, ?> m
              && "not-leader".equals(m.get("error"))
          ? Optional.of(m)
          : Optional.empty();
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
  }
}
