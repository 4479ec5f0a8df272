package org.maintd.protocol.signing;

/**
 * How a change request to the daemon's API is signed with the cluster key: the HMAC covers the salt
 * followed by {@code METHOD PATH}, a newline, a nonce unique to the request, a newline and the
 * body; salt, nonce and HMAC travel in headers. The nonce lets a client send the same request twice
 * within a second without the second being taken for a replay.
 */
public final class RequestSignature {
  public static final String SALT_HEADER = "X-Maintd-Salt";
  public static final String HMAC_HEADER = "X-Maintd-Hmac";
  public static final String NONCE_HEADER = "X-Maintd-Nonce";

  private RequestSignature() {}

  public static String text(String method, String path, String nonce, String body) {
    return method + " " + path + "\n" + nonce + "\n" + body;
  }
}
