package org.maintd.signing;

/**
 * A message as it travels between collector and daemon: {@code msg} is the payload (a JSON text),
 * {@code salt} the signer's clock in seconds since the epoch (decimal), {@code hmac} the lowercase
 * hex HMAC-SHA256 of salt followed by msg.
 */
public record SignedMessage(String msg, String salt, String hmac) {}
