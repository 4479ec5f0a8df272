package org.maintd.daemon.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.maintd.protocol.signing.ReplayGuard;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignatureException;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.signing.UsedSignatures;

/**
 * Decides who may change things. Two ways in: a request signed with the cluster key (headers {@code
 * X-Maintd-Salt}, {@code X-Maintd-Nonce} and {@code X-Maintd-Hmac}, see {@link RequestSignature};
 * fresh within the allowed skew and accepted once, whatever the letter case of its signature), as
 * maintctl on the master sends it; or HTTP basic auth against a users file in Ganeti's RAPI format
 * ({@code user password [write]}, the password plain or as {@code {CLEARTEXT}password}) for a user
 * with {@code write}. {@link #fromHeaders} decides everything the headers can decide before the
 * body is read. A signature is recorded as used before the change it signs runs, where every daemon
 * of the installation sees it ({@link UsedSignatures}); when it cannot be recorded the request is
 * refused (503). Thread-safe.
 */
public final class Authenticator {
  private static final String HEX64 = "[0-9a-fA-F]{64}";

  private final SignatureVerifier verifier;
  private final Path usersFile;
  private final Clock clock;
  private final UsedSignatures replays;

  /** Signatures remembered in this process only (tests, a daemon alone). */
  public Authenticator(SignatureVerifier verifier, Path usersFile, Clock clock) {
    this(verifier, usersFile, clock, new ReplayGuard(window(verifier)));
  }

  public Authenticator(
      SignatureVerifier verifier, Path usersFile, Clock clock, UsedSignatures replays) {
    this.verifier = verifier;
    this.usersFile = usersFile;
    this.clock = clock;
    this.replays = replays;
  }

  /**
   * How long a used signature must be remembered: twice the allowed skew, past which no request is
   * fresh.
   */
  public static java.time.Duration window(SignatureVerifier verifier) {
    return verifier.skew().multipliedBy(2);
  }

  /**
   * The outcome: who it is, or why not (401 no or bad credentials, 403 not allowed to write, 503
   * the signature cannot be recorded).
   */
  public record Decision(int status, String who, String reason) {
    static Decision allowed(String who) {
      return new Decision(200, who, "");
    }

    static Decision refused(String reason) {
      return new Decision(401, "", reason);
    }

    public boolean isAllowed() {
      return status == 200;
    }
  }

  /** The credentials of one request, as its headers carry them. */
  public record Credentials(
      String salt, String nonce, String hmac, String authorization, String duplicate) {
    public static Credentials of(HttpFields headers) {
      String duplicate = null;
      for (String name :
          List.of(
              RequestSignature.SALT_HEADER,
              RequestSignature.NONCE_HEADER,
              RequestSignature.HMAC_HEADER,
              HttpHeader.AUTHORIZATION.asString())) {
        if (headers.getValuesList(name).size() > 1) {
          duplicate = name;
        }
      }
      return new Credentials(
          headers.get(RequestSignature.SALT_HEADER),
          headers.get(RequestSignature.NONCE_HEADER),
          headers.get(RequestSignature.HMAC_HEADER),
          headers.get(HttpHeader.AUTHORIZATION),
          duplicate);
    }

    boolean signed() {
      return salt != null || hmac != null || nonce != null;
    }
  }

  /**
   * What the headers alone decide: basic auth entirely; for a signed request, that every part is
   * there once, well formed and fresh. Allowed with {@code who} empty means: read the body, then
   * {@link #decide}.
   */
  public Decision fromHeaders(Credentials c) {
    if (c.duplicate() != null) {
      return Decision.refused("more than one " + c.duplicate() + " header");
    }
    if (c.signed()) {
      if (c.salt() == null || c.nonce() == null || c.nonce().isBlank() || c.hmac() == null) {
        return Decision.refused(
            "a signed request needs the headers "
                + RequestSignature.SALT_HEADER
                + ", "
                + RequestSignature.NONCE_HEADER
                + " and "
                + RequestSignature.HMAC_HEADER);
      }
      if (!c.hmac().matches(HEX64)) {
        return Decision.refused(
            "signature refused (bad-signature): "
                + RequestSignature.HMAC_HEADER
                + " is not 64 hex digits");
      }
      try {
        verifier.checkSalt(c.salt(), clock.instant());
      } catch (SignatureException e) {
        return Decision.refused("signature refused (" + e.label() + "): " + e.getMessage());
      }
      return Decision.allowed("");
    }
    if (c.authorization() != null && c.authorization().startsWith("Basic ")) {
      return basic(c.authorization().substring(6).strip());
    }
    return Decision.refused(
        "authentication required: sign the request with the cluster key or use basic auth");
  }

  /** The whole decision, once the body is read ({@code path} with its query, as signed). */
  public Decision decide(String method, String path, String body, Credentials c) {
    return decide(method, path, body, c, true);
  }

  /**
   * The decision without spending the signature: a request the daemon will not act on (a standby's)
   * is still refused as what it is (unsigned, forged, stale, replayed), but its signature stays
   * good for the daemon that will.
   */
  public Decision check(String method, String path, String body, Credentials c) {
    return decide(method, path, body, c, false);
  }

  private Decision decide(String method, String path, String body, Credentials c, boolean spend) {
    Decision headers = fromHeaders(c);
    if (!headers.isAllowed() || !headers.who().isEmpty()) {
      return headers;
    }
    Instant now = clock.instant();
    SignedMessage message =
        new SignedMessage(RequestSignature.text(method, path, c.nonce(), body), c.salt(), c.hmac());
    try {
      verifier.verifyFresh(message, now);
    } catch (SignatureException e) {
      return Decision.refused("signature refused (" + e.label() + "): " + e.getMessage());
    }
    try {
      if (spend ? !replays.firstUse(message, now) : replays.used(message, now)) {
        return Decision.refused(
            "signature refused (replayed): this signed request was already used");
      }
    } catch (IllegalStateException e) {
      return new Decision(
          503,
          "",
          "nothing was changed: the request's signature cannot be recorded: " + e.getMessage());
    }
    return Decision.allowed("cluster-key");
  }

  private Decision basic(String encoded) {
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return Decision.refused("malformed basic credentials");
    }
    int colon = decoded.indexOf(':');
    if (colon < 0) {
      return Decision.refused("malformed basic credentials");
    }
    String user = decoded.substring(0, colon);
    String password = decoded.substring(colon + 1);
    for (String line : users()) {
      String[] f = line.strip().split("\\s+");
      if (f.length >= 2
          && !f[0].startsWith("#")
          && f[0].equals(user)
          && passwordMatches(f[1], password)) {
        return f.length >= 3 && f[2].contains("write")
            ? Decision.allowed(user)
            : new Decision(403, user, "user " + user + " has no write permission");
      }
    }
    return Decision.refused("unknown user or wrong password");
  }

  private static boolean passwordMatches(String stored, String given) {
    String clear = stored.startsWith("{CLEARTEXT}") ? stored.substring(11) : stored;
    return MessageDigest.isEqual(
        clear.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
  }

  private List<String> users() {
    try {
      return Files.exists(usersFile) ? Files.readAllLines(usersFile) : List.of();
    } catch (IOException e) {
      return List.of();
    }
  }
}
