package org.maintd.protocol.signing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The cluster's shared HMAC-SHA256 key. Signs and checks signatures; freshness and replay are the
 * verifier's job. Thread-safe: each thread keeps its own {@link Mac}, initialised once.
 */
public final class HmacKey {
  private static final String ALGORITHM = "HmacSHA256";
  private final SecretKeySpec key;
  private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

  public HmacKey(byte[] secret) {
    if (secret.length == 0) {
      throw new IllegalArgumentException("the HMAC key is empty");
    }
    this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
  }

  /** Ganeti's key files hold text; the key is the file's content without surrounding whitespace. */
  public static HmacKey fromFileContent(byte[] content) {
    return new HmacKey(
        new String(content, StandardCharsets.UTF_8).strip().getBytes(StandardCharsets.UTF_8));
  }

  public String hex(String salt, String msg) {
    return HexFormat.of().formatHex(digest(salt, msg));
  }

  private byte[] digest(String salt, String msg) {
    Mac mac = macs.get();
    mac.update(salt.getBytes(StandardCharsets.UTF_8));
    return mac.doFinal(msg.getBytes(StandardCharsets.UTF_8));
  }

  private Mac newMac() {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(key);
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
    }
  }

  public SignedMessage sign(String msg, Instant now) {
    String salt = Long.toString(now.getEpochSecond());
    return new SignedMessage(msg, salt, hex(salt, msg));
  }

  /**
   * Constant-time check of the signature alone: the message's HMAC, in hexadecimal digits of either
   * case, against the digest, byte by byte (no hexadecimal text is made per check).
   */
  public boolean matches(SignedMessage message) {
    byte[] actual;
    try {
      actual = HexFormat.of().parseHex(message.canonicalHmac());
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(digest(message.salt(), message.msg()), actual);
  }
}
