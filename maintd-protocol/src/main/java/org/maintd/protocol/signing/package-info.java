/**
 * Signed messages between collectors, daemon and maintctl: HMAC-SHA256 with the cluster key over
 * salt and message ({@code HmacKey}, {@code RequestSignature}), freshness against the verifier's
 * clock and replay protection per source ({@code SignatureVerifier}, {@code ReplayGuard}); their
 * wire form ({@code SignedJson}, {@code Envelopes}) and the cluster key's file ({@code KeyFiles}).
 * Uses only the JDK's crypto for the signatures.
 */
package org.maintd.protocol.signing;
