package org.maintd.daemon.poll;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;

/**
 * The signed exchanges with the nodes' collectors, over one client: where each collector answers,
 * the requests sealed with the key, the answers opened with the one verifier (fresh, well signed).
 * Each caller then checks that the answer is the node's it asked. Thread-safe.
 */
public record CollectorCalls(
    HttpClient client, CollectorUrls urls, HmacKey key, SignatureVerifier verifier, Clock clock) {

  /** A request to {@code node}'s collector at {@code path} that waits at most {@code timeout}. */
  public Request request(String node, String path, Duration timeout) {
    return client
        .newRequest(urls.resolve(node, path))
        .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** {@code message} sealed with the key, now: the body of a signed request. */
  public String seal(Object message) {
    return Envelopes.seal(key, message, clock.instant());
  }

  /**
   * {@code response}'s body, a signed answer of {@code type}, opened; an answer other than 200 is
   * refused with {@code what}, its status and its body. Throws {@link
   * org.maintd.protocol.signing.SignatureException} when the signature is refused, {@link
   * IllegalArgumentException} when the answer cannot be read.
   */
  public <T> T open(ContentResponse response, Class<T> type, String what) {
    if (response.getStatus() != 200) {
      throw new IllegalStateException(
          what + "HTTP " + response.getStatus() + ": " + response.getContentAsString());
    }
    return open(response.getContentAsString(), type);
  }

  /** {@code body}, a signed answer of {@code type}, opened. */
  public <T> T open(String body, Class<T> type) {
    return Envelopes.open(verifier, null, body, type, clock.instant());
  }
}
