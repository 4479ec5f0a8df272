package org.maintd.protocol.signing;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Accepts a signed message only if its HMAC verifies, its salt is within the allowed skew of the
 * verifier's clock, it is not older than the last message accepted from the same source, and it is
 * not one accepted already (a message of the same salt as the last accepted, with the same
 * signature in any letter case: a replay, byte for byte). Thread-safe; the last accepted salt per
 * source, and the signatures accepted with it, are kept in memory.
 */
public final class SignatureVerifier {
  public static final Duration DEFAULT_SKEW = Duration.ofSeconds(300);

  /** A salt: seconds since the epoch, in at most 12 decimal digits. */
  private static final Pattern SALT = Pattern.compile("[0-9]{1,12}");

  private final HmacKey key;
  private final Duration skew;
  private final Map<String, Last> lastAccepted = new ConcurrentHashMap<>();

  /** The last salt accepted from a source, and the signatures (canonical) accepted with it. */
  private record Last(long salt, Set<String> signatures) {}

  public SignatureVerifier(HmacKey key, Duration skew) {
    this.key = key;
    this.skew = skew;
  }

  /** Returns the verified payload; throws {@link SignatureException} with the reason otherwise. */
  public String verify(String source, SignedMessage message, Instant now) {
    long salt = checkSignature(message);
    checkFreshness(salt, now);
    String signature = message.canonicalHmac();
    lastAccepted.compute(source, (s, last) -> acceptNewer(source, last, salt, signature));
    return message.msg();
  }

  /** The clock skew allowed. */
  public Duration skew() {
    return skew;
  }

  /** Checks a salt alone: seconds since the epoch, within the allowed skew of {@code now}. */
  public void checkSalt(String salt, Instant now) {
    checkFreshness(parseSalt(salt), now);
  }

  /** Checks signature and freshness only, for messages whose replay is handled by the caller. */
  public String verifyFresh(SignedMessage message, Instant now) {
    checkFreshness(checkSignature(message), now);
    return message.msg();
  }

  private long checkSignature(SignedMessage m) {
    if (m == null || m.msg() == null || m.salt() == null || m.hmac() == null) {
      throw new SignatureException(
          SignatureException.Reason.MISSING_FIELD, "signed message lacks msg, salt or hmac");
    }
    long salt = parseSalt(m.salt());
    if (!key.matches(m)) {
      throw new SignatureException(
          SignatureException.Reason.BAD_SIGNATURE, "HMAC does not verify with the cluster key");
    }
    return salt;
  }

  private static long parseSalt(String text) {
    if (text == null || !SALT.matcher(text).matches()) {
      throw new SignatureException(
          SignatureException.Reason.BAD_SALT, "salt is not seconds since the epoch: " + text);
    }
    return Long.parseLong(text);
  }

  private void checkFreshness(long salt, Instant now) {
    long delta = salt - now.getEpochSecond();
    if (delta < -skew.toSeconds()) {
      throw new SignatureException(
          SignatureException.Reason.STALE,
          "signed " + -delta + " s ago, more than " + skew.toSeconds() + " s");
    }
    if (delta > skew.toSeconds()) {
      throw new SignatureException(
          SignatureException.Reason.FUTURE,
          "signed " + delta + " s in the future, more than " + skew.toSeconds() + " s");
    }
  }

  private static Last acceptNewer(String source, Last last, long salt, String signature) {
    if (last == null || salt > last.salt()) {
      return new Last(salt, Set.of(signature));
    }
    if (salt < last.salt()) {
      throw new SignatureException(
          SignatureException.Reason.REPLAYED,
          "salt " + salt + " from " + source + " is older than the last accepted " + last.salt());
    }
    if (last.signatures().contains(signature)) {
      throw new SignatureException(
          SignatureException.Reason.REPLAYED,
          "the same signed message from " + source + " (salt " + salt + ") was accepted already");
    }
    Set<String> seen = new HashSet<>(last.signatures());
    seen.add(signature);
    return new Last(salt, Set.copyOf(seen));
  }
}
