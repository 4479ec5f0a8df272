package org.maintd.daemon.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.signing.RequestSignature;
import org.maintd.signing.SignatureException;
import org.maintd.signing.SignatureVerifier;
import org.maintd.signing.SignedMessage;

/**
 * Decides who may change things. Two ways in: a request signed with the cluster key (headers
 * {@code X-Maintd-Salt}, {@code X-Maintd-Nonce} and {@code X-Maintd-Hmac}, see {@link
 * RequestSignature}; fresh within the allowed skew and never replayed), as maintctl on the master sends
 * it; or HTTP basic auth against a users file in Ganeti's RAPI format ({@code user password
 * [write]}, the password plain or as {@code {CLEARTEXT}password}) for a user with {@code write}.
 * Thread-safe.
 */
public final class Authenticator {
  public static final String SALT_HEADER = RequestSignature.SALT_HEADER;
  public static final String HMAC_HEADER = RequestSignature.HMAC_HEADER;

  private final SignatureVerifier verifier;
  private final Path usersFile;
  private final Clock clock;
  private final Map<String, Instant> seen = new ConcurrentHashMap<>();

  public Authenticator(SignatureVerifier verifier, Path usersFile, Clock clock) {
    this.verifier = verifier;
    this.usersFile = usersFile;
    this.clock = clock;
  }

  /** The outcome: who it is, or why not (401 no or bad credentials, 403 not allowed to write). */
  public record Decision(int status, String who, String reason) {
    static Decision allowed(String who) {
      return new Decision(200, who, "");
    }
  }

  public Decision decide(String method, String path, String body, String salt, String nonce, String hmac, String authorization) {
    if (salt != null || hmac != null) {
      return signed(method, path, nonce == null ? "" : nonce, body, salt, hmac);
    }
    if (authorization != null && authorization.startsWith("Basic ")) {
      return basic(authorization.substring(6).strip());
    }
    return new Decision(401, "", "authentication required: sign the request with the cluster key or use basic auth");
  }

  private Decision signed(String method, String path, String nonce, String body, String salt, String hmac) {
    Instant now = clock.instant();
    try {
      verifier.verifyFresh(new SignedMessage(RequestSignature.text(method, path, nonce, body), salt, hmac), now);
    } catch (SignatureException e) {
      return new Decision(401, "", "signature refused (" + e.reason().label() + "): " + e.getMessage());
    }
    forgetOld(now);
    if (seen.putIfAbsent(hmac, now) != null) {
      return new Decision(401, "", "signature refused (replayed): this signed request was already used");
    }
    return Decision.allowed("cluster-key");
  }

  private void forgetOld(Instant now) {
    for (Iterator<Instant> it = seen.values().iterator(); it.hasNext(); ) {
      if (it.next().isBefore(now.minusSeconds(900))) {
        it.remove();
      }
    }
  }

  private Decision basic(String encoded) {
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return new Decision(401, "", "malformed basic credentials");
    }
    int colon = decoded.indexOf(':');
    if (colon < 0) {
      return new Decision(401, "", "malformed basic credentials");
    }
    String user = decoded.substring(0, colon);
    String password = decoded.substring(colon + 1);
    for (String line : users()) {
      String[] f = line.strip().split("\\s+");
      if (f.length >= 2 && !f[0].startsWith("#") && f[0].equals(user) && passwordMatches(f[1], password)) {
        return f.length >= 3 && f[2].contains("write") ? Decision.allowed(user)
            : new Decision(403, user, "user " + user + " has no write permission");
      }
    }
    return new Decision(401, "", "unknown user or wrong password");
  }

  private static boolean passwordMatches(String stored, String given) {
    String clear = stored.startsWith("{CLEARTEXT}") ? stored.substring(11) : stored;
    return MessageDigest.isEqual(clear.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
  }

  private java.util.List<String> users() {
    try {
      return Files.exists(usersFile) ? Files.readAllLines(usersFile) : java.util.List.of();
    } catch (IOException e) {
      return java.util.List.of();
    }
  }
}
