package org.maintd.daemon.zookeeper.tls;

/**
 * TLS to ZooKeeper cannot work as configured: a store that cannot be loaded, or a server whose
 * handshake names a cause in maintd's settings or the servers'. The message is one line naming the
 * setting; a start it stops is refused with exit code 2.
 */
public final class TlsRefused extends IllegalStateException {
  public TlsRefused(String message) {
    super(message);
  }

  public TlsRefused(String message, Throwable cause) {
    super(message, cause);
  }
}
