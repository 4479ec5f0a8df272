package org.maintd.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.tls.RapiLogin;
import org.maintd.rapi.RapiAnswers;
import org.maintd.rapi.client.RapiEndpoint;
import org.maintd.rapi.client.RapiFailure;
import org.maintd.rapi.client.RapiHttp;

/**
 * Reads the four answers a cluster snapshot is made of from Ganeti's RAPI, as the htools' RAPI
 * backend does: {@code /2/groups?bulk=1}, {@code /2/nodes?bulk=1}, {@code /2/instances?bulk=1},
 * {@code /2/info}, with its time limits (15 s to connect, 60 s per answer). Unlike the htools it
 * checks RAPI's certificate (see {@link #RapiReader}) and can log in (RAPI asks reads for a login
 * only when {@code ganeti-rapi} runs with {@code --require-authentication}). Every failure is an
 * {@link ApiException} saying where and what. Not thread-safe.
 */
public final class RapiReader {

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
    if (source instanceof RapiSource.Http http) {
      RapiHttp client = client(http.base());
      return RapiAnswers.read(path -> get(client, http.base(), path));
    } else if (source instanceof RapiSource.Directory dir) {
      return RapiAnswers.read(path -> fromFile(dir.dir(), path));
    }
    throw new IllegalStateException("unknown RAPI source " + source);
  }

  /** The answer to {@code path} saved in {@code dir}, as the htools name it: info.json, ... */
  private static Object fromFile(Path dir, String path) {
    Path file = dir.resolve(path.substring("/2/".length()).replace("?bulk=1", "") + ".json");
    return json(file.toString(), readFile(file));
  }

  private RapiHttp client(URI base) {
    try {
      return new RapiHttp(
          new RapiEndpoint(
              base,
              Optional.ofNullable(caFile),
              verifyHostname,
              login,
              Duration.ofSeconds(15),
              Duration.ofSeconds(60),
              1));
    } catch (IllegalArgumentException e) {
      throw new ApiException("--rapi-ca-file: " + e.getMessage());
    }
  }

  /** GET {@code path}; every failure an {@link ApiException} saying what to check. */
  private Object get(RapiHttp client, URI base, String path) {
    try {
      return client.get(path);
    } catch (RapiFailure e) {
      throw new ApiException(explained(e, base, path));
    }
  }

  private String explained(RapiFailure e, URI base, String path) {
    String uri = base + path;
    return switch (e.kind()) {
      case STATUS ->
          "RAPI at "
              + base
              + " answered "
              + e.status()
              + " to "
              + path
              + ": "
              + e.detail()
              + (e.status() != 401 && e.status() != 403
                  ? ""
                  : login.isPresent()
                      ? " (user " + login.get().user() + " of --rapi-credentials was refused)"
                      : " (this RAPI wants a login: give --rapi-credentials FILE)");
      case NO_CONNECTION ->
          "cannot connect to RAPI at "
              + base
              + " ("
              + e.detail()
              + "; is -m right? RAPI listens on port "
              + RapiSource.DEFAULT_PORT
              + " of the cluster's master)";
      case NO_ANSWER -> "RAPI at " + base + " did not answer " + uri + " in time";
      case TLS ->
          "TLS with RAPI at "
              + base
              + " failed: "
              + e.detail()
              + " (--rapi-ca-file names the certificate to trust: the cluster's"
              + " /var/lib/ganeti/rapi.pem)";
      case NOT_JSON -> uri + " is not JSON: " + e.detail();
      case INTERRUPTED -> "interrupted while reading " + uri;
      case IO -> "reading " + uri + " failed: " + e.detail();
    };
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
}
