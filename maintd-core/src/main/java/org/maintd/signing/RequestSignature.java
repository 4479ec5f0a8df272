package org.maintd.signing;

/**
 * How a change request to the daemon's API is signed with the cluster key: the HMAC covers the
 * salt followed by {@code METHOD PATH}, a newline and the body, and travels in two headers.
 */
public final class RequestSignature {
  public static final String SALT_HEADER = "X-Maintd-Salt";
  public static final String HMAC_HEADER = "X-Maintd-Hmac";

  private RequestSignature() {}

  public static String text(String method, String path, String body) {
    return method + " " + path + "\n" + body;
  }
}
