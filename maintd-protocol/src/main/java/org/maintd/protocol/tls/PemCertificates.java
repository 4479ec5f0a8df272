package org.maintd.protocol.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The certificates of a PEM file, as trust: a CA bundle, or Ganeti's cluster certificate ({@code
 * rapi.pem} holds its private key too; only the {@code CERTIFICATE} blocks are taken). JDK only, so
 * that maintctl needs no more. Stateless.
 */
public final class PemCertificates {
  private static final Pattern BLOCK =
      Pattern.compile("-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\\s]+-----END CERTIFICATE-----");

  private PemCertificates() {}

  /** The certificates of {@code pem}; {@link IllegalArgumentException} saying why when none. */
  public static List<X509Certificate> read(Path pem) {
    String text;
    try {
      text = Files.readString(pem, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + pem + ": " + e.getMessage(), e);
    }
    List<X509Certificate> out = new ArrayList<>();
    try {
      CertificateFactory factory = CertificateFactory.getInstance("X.509");
      Matcher m = BLOCK.matcher(text);
      while (m.find()) {
        out.add(
            (X509Certificate)
                factory.generateCertificate(
                    new ByteArrayInputStream(m.group().getBytes(StandardCharsets.US_ASCII))));
      }
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "a certificate of " + pem + " cannot be read: " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "no certificate in " + pem + " (expected PEM 'BEGIN CERTIFICATE' blocks)");
    }
    return out;
  }

  /** A trust store of the certificates of {@code pem}. */
  public static KeyStore trustStore(Path pem) {
    try {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (X509Certificate c : read(pem)) {
        store.setCertificateEntry("cert-" + i++, c);
      }
      return store;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot make a trust store of " + pem, e);
    }
  }
}
