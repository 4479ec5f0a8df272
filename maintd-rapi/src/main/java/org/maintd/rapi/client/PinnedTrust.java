package org.maintd.rapi.client;

import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.maintd.protocol.tls.PemCertificates;

/**
 * TLS that trusts the certificates of one PEM file and nothing else: the server's certificate chain
 * must lead to one of them. The name the server is reached by is not matched against the
 * certificate unless asked (Ganeti's cluster certificate names the cluster, not each master
 * candidate): the pinned file is the trust. Used by maintctl for the daemon and for RAPI, and by
 * the daemon for RAPI. Stateless.
 */
public final class PinnedTrust {
  private PinnedTrust() {}

  /**
   * An SSL context trusting {@code caFile}'s certificates (null: the JVM's CAs), matching the
   * server's name against its certificate only if {@code verifyHostname}; an {@link
   * IllegalArgumentException} saying what is wrong when the file is unusable.
   */
  public static SSLContext of(Path caFile, boolean verifyHostname) {
    try {
      KeyStore store = caFile == null ? null : PemCertificates.trustStore(caFile);
      TrustManagerFactory f =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      f.init(store);
      X509TrustManager pkix = null;
      for (TrustManager t : f.getTrustManagers()) {
        if (t instanceof X509TrustManager x) {
          pkix = x;
        }
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          null,
          verifyHostname ? f.getTrustManagers() : new TrustManager[] {new ChainOnly(pkix)},
          null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** Checks the chain, not the host name. */
  private static final class ChainOnly extends X509ExtendedTrustManager {
    private final X509TrustManager pkix;

    ChainOnly(X509TrustManager pkix) {
      this.pkix = pkix;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      pkix.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      pkix.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      pkix.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      throw new CertificateException("a RAPI or maintd client is no server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      throw new CertificateException("a RAPI or maintd client is no server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
        throws CertificateException {
      throw new CertificateException("a RAPI or maintd client is no server");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return pkix.getAcceptedIssuers();
    }
  }
}
