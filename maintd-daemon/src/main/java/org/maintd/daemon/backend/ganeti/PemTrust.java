package org.maintd.daemon.backend.ganeti;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMParser;
import org.maintd.spi.BackendException;

/**
 * A trust store made of the certificates of a PEM file: Ganeti's cluster certificate ({@code
 * /var/lib/ganeti/rapi.pem} holds the key too; only certificates are taken) or a CA bundle.
 */
public final class PemTrust {
  private PemTrust() {}

  public static KeyStore load(Path pem) {
    try (Reader reader = Files.newBufferedReader(pem, StandardCharsets.US_ASCII);
        PEMParser parser = new PEMParser(reader)) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
      int count = 0;
      for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
        if (o instanceof X509CertificateHolder holder) {
          X509Certificate cert = converter.getCertificate(holder);
          store.setCertificateEntry("cert-" + count++, cert);
        }
      }
      if (count == 0) {
        throw new BackendException(
            "no certificate in " + pem + " (expected PEM 'BEGIN CERTIFICATE' blocks)");
      }
      return store;
    } catch (IOException | GeneralSecurityException e) {
      throw new BackendException(
          "cannot read the certificates of " + pem + ": " + e.getMessage(), e);
    }
  }
}
