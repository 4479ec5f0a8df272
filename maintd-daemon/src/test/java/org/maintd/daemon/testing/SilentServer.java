package org.maintd.daemon.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A server that accepts connections on a loopback port and never answers: it reads nothing and
 * writes nothing, and holds each connection until it is closed. A hung Prometheus, which a real one
 * cannot be made to be. Thread-safe.
 */
public final class SilentServer implements AutoCloseable {
  private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  private final List<Socket> held = new CopyOnWriteArrayList<>();
  private final Thread acceptor = new Thread(this::accept, "silent-server");

  public SilentServer() throws IOException {
    acceptor.setDaemon(true);
    acceptor.start();
  }

  /** Its URL, {@code http://127.0.0.1:PORT}. */
  public URI url() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort());
  }

  /** How many connections it has accepted. */
  public int accepted() {
    return held.size();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        held.add(socket.accept());
      } catch (IOException closed) {
        return;
      }
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
    for (Socket s : held) {
      s.close();
    }
  }
}
