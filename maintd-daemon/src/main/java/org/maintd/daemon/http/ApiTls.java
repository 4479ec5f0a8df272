package org.maintd.daemon.http;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.protocol.tls.PemCertificates;

/**
 * The API's TLS from PEM files as Ganeti keeps them: a certificate (chain) and its private key, in
 * one file ({@code rapi.pem}) or two; the key in PKCS#8 or PKCS#1 form, unencrypted. Stateless.
 */
public final class ApiTls {
  private ApiTls() {}

  /**
   * The server side of TLS with {@code certificate}'s chain and the key in {@code key}; {@link
   * IllegalArgumentException} naming the setting and the file when one cannot be used, or when the
   * key is not the one the certificate was issued for (every handshake would fail).
   */
  public static SslContextFactory.Server of(Path certificate, Path key) {
    List<X509Certificate> chain;
    try {
      chain = PemCertificates.read(certificate);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("https.certificate: " + e.getMessage(), e);
    }
    PrivateKey privateKey = privateKey(key);
    if (!KeyMatch.matches(privateKey, chain.get(0))) {
      throw new IllegalArgumentException(
          "https.key: the key in "
              + key
              + " does not match the certificate of https.certificate ("
              + certificate
              + ", "
              + chain.get(0).getSubjectX500Principal().getName()
              + "): give the key that certificate was issued for");
    }
    char[] password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16)).toCharArray();
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("maintd", privateKey, password, chain.toArray(new X509Certificate[0]));
      SslContextFactory.Server tls = new SslContextFactory.Server();
      tls.setKeyStore(store);
      tls.setKeyStorePassword(new String(password));
      tls.setKeyManagerPassword(new String(password));
      return tls;
    } catch (IOException | GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "https.key: the key of " + key + " does not go with the certificate: " + e.getMessage(),
          e);
    }
  }

  private static PrivateKey privateKey(Path key) {
    try (Reader reader = Files.newBufferedReader(key, StandardCharsets.US_ASCII);
        PEMParser parser = new PEMParser(reader)) {
      JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
      for (Object o = parser.readObject(); o != null; o = parser.readObject()) {
        if (o instanceof PEMKeyPair pair) {
          return converter.getKeyPair(pair).getPrivate();
        }
        if (o instanceof PrivateKeyInfo info) {
          return converter.getPrivateKey(info);
        }
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "https.key: cannot read " + key + ": " + e.getMessage(), e);
    }
    throw new IllegalArgumentException(
        "https.key: no private key in "
            + key
            + " (expected an unencrypted PEM 'PRIVATE KEY' or 'RSA PRIVATE KEY' block)");
  }
}
