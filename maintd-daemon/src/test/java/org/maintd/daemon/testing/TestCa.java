package org.maintd.daemon.testing;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate authority made in the test: its certificate, and certificates it signs for
 * 127.0.0.1 and localhost, written as PEM files (the key as PKCS#8, then the certificate, in one
 * file, as ZooKeeper's PEM key store and Ganeti's {@code rapi.pem} hold them).
 */
public final class TestCa {
  private static final AtomicLong SERIALS = new AtomicLong(System.nanoTime());

  private final String name;
  private final KeyPair keys;
  private final X509Certificate certificate;

  private TestCa(String name, KeyPair keys, X509Certificate certificate) {
    this.name = name;
    this.keys = keys;
    this.certificate = certificate;
  }

  /** A new CA called {@code name}. */
  public static TestCa create(String name) throws GeneralSecurityException, IOException {
    KeyPair keys = rsa();
    X500Name subject = new X500Name("CN=" + name + ",O=maintd-test");
    JcaX509v3CertificateBuilder b = builder(subject, subject, keys);
    b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
    b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
    return new TestCa(name, keys, sign(b, keys));
  }

  /** Writes the CA's certificate to {@code file}, for those who trust it. */
  public Path writeCertificate(Path file) throws IOException {
    Files.writeString(file, pem(certificate));
    return file;
  }

  /**
   * Writes a key and a certificate this CA signs for {@code cn}, valid for 127.0.0.1 and localhost,
   * to {@code file}: the key (PKCS#8), then the certificate.
   */
  public Path issue(String cn, Path file) throws GeneralSecurityException, IOException {
    KeyPair leaf = rsa();
    JcaX509v3CertificateBuilder b =
        builder(
            new X500Name("CN=" + name + ",O=maintd-test"),
            new X500Name("CN=" + cn + ",O=maintd-test"),
            leaf);
    b.addExtension(
        Extension.subjectAlternativeName,
        false,
        new GeneralNames(
            new GeneralName[] {
              new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
              new GeneralName(GeneralName.dNSName, "localhost")
            }));
    b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    X509Certificate cert = sign(b, keys);
    StringWriter out = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(out)) {
      w.writeObject(new JcaPKCS8Generator(leaf.getPrivate(), null));
      w.writeObject(cert);
    }
    Files.writeString(file, out.toString());
    return file;
  }

  /** A self-signed key and certificate in one file, as Ganeti's {@code rapi.pem}. */
  public static Path selfSigned(String cn, Path file) throws GeneralSecurityException, IOException {
    return create(cn).issueSelf(file);
  }

  private Path issueSelf(Path file) throws GeneralSecurityException, IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(out)) {
      w.writeObject(keys.getPrivate());
      w.writeObject(certificate);
    }
    Files.writeString(file, out.toString());
    return file;
  }

  private static KeyPair rsa() throws GeneralSecurityException {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    return g.generateKeyPair();
  }

  private static JcaX509v3CertificateBuilder builder(
      X500Name issuer, X500Name subject, KeyPair keys) {
    Instant now = Instant.now();
    return new JcaX509v3CertificateBuilder(
        issuer,
        BigInteger.valueOf(SERIALS.incrementAndGet()),
        Date.from(now.minus(Duration.ofHours(1))),
        Date.from(now.plus(Duration.ofDays(2))),
        subject,
        keys.getPublic());
  }

  private static X509Certificate sign(JcaX509v3CertificateBuilder b, KeyPair signer)
      throws GeneralSecurityException {
    try {
      return new JcaX509CertificateConverter()
          .getCertificate(
              b.build(new JcaContentSignerBuilder("SHA256withRSA").build(signer.getPrivate())));
    } catch (org.bouncycastle.operator.OperatorCreationException e) {
      throw new GeneralSecurityException(e);
    }
  }

  private static String pem(Object o) throws IOException {
    StringWriter out = new StringWriter();
    try (JcaPEMWriter w = new JcaPEMWriter(out)) {
      w.writeObject(o);
    }
    return out.toString();
  }
}
