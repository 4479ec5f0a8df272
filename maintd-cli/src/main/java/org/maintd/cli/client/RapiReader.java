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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLException;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.tls.RapiLogin;
import org.maintd.rapi.RapiAnswers;

/**
 * Reads the four answers a cluster snapshot is made of from Ganeti's RAPI, as the htools' RAPI
 * backend does: {@code /2/groups?bulk=1}, {@code /2/nodes?bulk=1}, {@code /2/instances?bulk=1},
 * {@code /2/info}, with its time limits (15 s to connect, 60 s per answer). Unlike the htools it
 * checks RAPI's certificate (see {@link #RapiReader}) and can log in (RAPI asks reads for a login
 * only when {@code ganeti-rapi} runs with {@code --require-authentication}). Every failure is an
 * {@link ApiException} saying where and what. Not thread-safe.
 */
public final class RapiReader {
  private static final String[] PATHS = {
    "/2/groups?bulk=1", "/2/nodes?bulk=1", "/2/instances?bulk=1", "/2/info"
  };
  private static final String[] FILES = {
    "groups.json", "nodes.json", "instances.json", "info.json"
  };

  private final Path caFile;
  private final boolean verifyHostname;
  private final Optional<RapiLogin> login;

  /**
   * A reader trusting the certificates of {@code caFile} (null: the JVM's CAs), matching RAPI's
   * name against its certificate only if {@code verifyHostname} (Ganeti's self-signed certificate
   * names no host), sending {@code login} with every request when there is one.
   */
  public RapiReader(Path caFile, boolean verifyHostname, Optional<RapiLogin> login) {
    this.caFile = caFile;
    this.verifyHostname = verifyHostname;
    this.login = login;
  }

  /**
   * The RAPI login in {@code file} (the daemon's {@code ganeti.credentials} file, read as the
   * daemon reads it); {@link ApiException} saying what is wrong with it.
   */
  public static RapiLogin login(Path file) {
    try {
      return RapiLogin.read(file);
    } catch (IllegalArgumentException e) {
      throw new ApiException(e.getMessage());
    }
  }

  public RapiAnswers read(RapiSource source) {
    Object[] bodies = new Object[PATHS.length];
    if (source instanceof RapiSource.Http http) {
      HttpClient client = client(http.base());
      for (int i = 0; i < PATHS.length; i++) {
        bodies[i] = json(http.base() + PATHS[i], get(client, http.base(), PATHS[i]));
      }
    } else if (source instanceof RapiSource.Directory dir) {
      for (int i = 0; i < FILES.length; i++) {
        Path file = dir.dir().resolve(FILES[i]);
        bodies[i] = json(file.toString(), readFile(file));
      }
    }
    return new RapiAnswers(bodies[3], bodies[0], bodies[1], bodies[2]);
  }

  private HttpClient client(URI base) {
    HttpClient.Builder b =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(15))
            .followRedirects(HttpClient.Redirect.NEVER);
    if ("https".equals(base.getScheme())) {
      b.sslContext(PinnedTrust.of(caFile, "--rapi-ca-file", verifyHostname));
    }
    return b.build();
  }

  private String get(HttpClient client, URI base, String path) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(60))
            .header("Accept", "application/json")
            .GET();
    login.ifPresent(l -> request.header("Authorization", l.header()));
    HttpResponse<String> response = send(client, request.build(), base);
    if (response.statusCode() == 401 || response.statusCode() == 403) {
      throw new ApiException(
          "RAPI at "
              + base
              + " answered "
              + response.statusCode()
              + " to "
              + path
              + ": "
              + ganetiMessage(response.body())
              + (login.isPresent()
                  ? " (user " + login.get().user() + " of --rapi-credentials was refused)"
                  : " (this RAPI wants a login: give --rapi-credentials FILE)"));
    }
    if (response.statusCode() != 200) {
      throw new ApiException(
          "RAPI at "
              + base
              + " answered "
              + response.statusCode()
              + " to "
              + path
              + ": "
              + ganetiMessage(response.body()));
    }
    return response.body();
  }

  private static HttpResponse<String> send(HttpClient client, HttpRequest request, URI base) {
    try {
      return client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException | HttpConnectTimeoutException e) {
      throw new ApiException(
          "cannot connect to RAPI at "
              + base
              + " ("
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
              + "; is -m right? RAPI listens on port "
              + RapiSource.DEFAULT_PORT
              + " of the cluster's master)");
    } catch (HttpTimeoutException e) {
      throw new ApiException("RAPI at " + base + " did not answer " + request.uri() + " in time");
    } catch (SSLException e) {
      throw new ApiException(
          "TLS with RAPI at "
              + base
              + " failed: "
              + e.getMessage()
              + " (--rapi-ca-file names the certificate to trust: the cluster's"
              + " /var/lib/ganeti/rapi.pem)");
    } catch (IOException e) {
      throw new ApiException("reading " + request.uri() + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ApiException("interrupted while reading " + request.uri());
    }
  }

  private static String readFile(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new ApiException("cannot read " + file + ": " + e);
    }
  }

  private static Object json(String where, String body) {
    try {
      return Json.parse(body);
    } catch (JsonProcessingException e) {
      throw new ApiException(
          where + " is not JSON: " + body.substring(0, Math.min(200, body.length())));
    }
  }

  /** Ganeti's error body is {@code {"code": 401, "message": "...", "explain": "..."}}. */
  private static String ganetiMessage(String text) {
    try {
      if (Json.parse(text) instanceof Map<?, ?> m && m.get("message") != null) {
        return m.get("message")
            + (m.get("explain") instanceof String x && !x.isEmpty() ? " (" + x + ")" : "");
      }
    } catch (JsonProcessingException e) {
      // not JSON: the text itself, shortened, says what happened
    }
    return text.length() > 300 ? text.substring(0, 300) + "..." : text;
  }
}
