package org.maintd.daemon.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A TCP link on loopback between clients and one server, which a test can cut as a network
 * partition does: while cut, bytes already in flight are dropped both ways and new connections are
 * accepted but go nowhere, so the peers learn of it only by their own timeouts (no reset, no
 * refusal). Healing drops every connection the link holds, and the clients connect afresh.
 */
public final class CuttableLink implements AutoCloseable {
  private final int serverPort;
  private final ServerSocket listener;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "cuttable-link");
            t.setDaemon(true);
            return t;
          });
  private volatile boolean cut;

  /** A link to the server on {@code serverPort} of loopback, open for clients on {@link #port}. */
  public CuttableLink(int serverPort) throws IOException {
    this.serverPort = serverPort;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    threads.submit(this::accept);
  }

  /** The port clients connect to instead of the server's. */
  public int port() {
    return listener.getLocalPort();
  }

  public void cut() {
    cut = true;
  }

  public void heal() {
    cut = false;
    for (Socket s : open) {
      closeQuietly(s);
    }
    open.clear();
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        open.add(client);
        if (cut) {
          continue;
        }
        Socket server = new Socket(InetAddress.getLoopbackAddress(), serverPort);
        open.add(server);
        threads.submit(() -> pump(client, server));
        threads.submit(() -> pump(server, client));
      } catch (IOException e) {
        // the listener closed, or the server refused one connection: the client sees it end
      }
    }
  }

  private void pump(Socket from, Socket to) {
    byte[] buffer = new byte[8192];
    try {
      InputStream in = from.getInputStream();
      OutputStream out = to.getOutputStream();
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        if (!cut) {
          out.write(buffer, 0, n);
          out.flush();
        }
      }
    } catch (IOException e) {
      // one side closed: the other is closed below
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException e) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    listener.close();
    heal();
    threads.shutdownNow();
  }
}
