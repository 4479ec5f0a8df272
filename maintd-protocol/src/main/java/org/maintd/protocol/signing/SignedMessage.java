package org.maintd.protocol.signing;

import java.util.Locale;

/**
 * A message as it travels between collector and daemon: {@code msg} is the payload (a JSON text),
 * {@code salt} the signer's clock in seconds since the epoch (decimal), {@code hmac} the lowercase
 * hex HMAC-SHA256 of salt followed by msg.
 */
public record SignedMessage(String msg, String salt, String hmac) {

  /** The signature as signatures are compared and remembered: lowercase hex. */
  public String canonicalHmac() {
    return hmac == null ? "" : hmac.toLowerCase(Locale.ROOT);
  }
}
