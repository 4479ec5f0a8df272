/**
 * Signed messages between collectors, daemon and maintctl: HMAC-SHA256 with the cluster key over
 * salt and message, freshness against the verifier's clock, and replay protection per source. Uses
 * only the JDK's crypto; no I/O (the key bytes come from the caller).
 */
package org.maintd.signing;
