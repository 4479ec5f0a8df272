package org.maintd.daemon.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Locale;

/**
 * Whether a private key is the one a certificate was issued for: a message signed with the key must
 * verify with the certificate's public key. A key of another algorithm never matches. Stateless.
 */
final class KeyMatch {
  private static final byte[] PROBE =
      "maintd: does this key go with this certificate?".getBytes(StandardCharsets.US_ASCII);

  private KeyMatch() {}

  static boolean matches(PrivateKey key, X509Certificate certificate) {
    String algorithm = key.getAlgorithm().toUpperCase(Locale.ROOT);
    if (!algorithm.equals(certificate.getPublicKey().getAlgorithm().toUpperCase(Locale.ROOT))) {
      return false;
    }
    try {
      Signature signer = Signature.getInstance(signatureAlgorithm(algorithm));
      signer.initSign(key);
      signer.update(PROBE);
      byte[] signature = signer.sign();
      Signature verifier = Signature.getInstance(signatureAlgorithm(algorithm));
      verifier.initVerify(certificate.getPublicKey());
      verifier.update(PROBE);
      return verifier.verify(signature);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  private static String signatureAlgorithm(String keyAlgorithm) {
    return switch (keyAlgorithm) {
      case "RSA" -> "SHA256withRSA";
      case "EC" -> "SHA256withECDSA";
      case "DSA" -> "SHA256withDSA";
      default -> keyAlgorithm; // Ed25519, Ed448, EdDSA sign under their own names
    };
  }
}
