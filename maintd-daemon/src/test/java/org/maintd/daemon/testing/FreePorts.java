package org.maintd.daemon.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Random;

/**
 * Ports for servers a test starts in other processes (ZooKeeper, Prometheus), handed out once each
 * in this JVM and taken from below the ephemeral range (which starts at 32,768 or above): a port
 * the kernel picked with {@code new ServerSocket(0)} and let go can be picked again for the next
 * ask, or for a client's outgoing connection, before the server that was meant to have it binds it.
 * Thread-safe.
 */
public final class FreePorts {
  private static final int LOWEST = 20_000;
  private static final int HIGHEST = 32_000;
  private static int next = LOWEST + new Random().nextInt(5_000);

  private FreePorts() {}

  /** A port free now, never handed out before by this JVM (until the range wraps). */
  public static synchronized int next() throws IOException {
    for (int tries = 0; tries < HIGHEST - LOWEST; tries++) {
      int port = next;
      next = next + 1 >= HIGHEST ? LOWEST : next + 1;
      try (ServerSocket probe = new ServerSocket()) {
        probe.setReuseAddress(false);
        probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        return port;
      } catch (IOException taken) {
        // in use: the next one
      }
    }
    throw new IOException("no free port between " + LOWEST + " and " + HIGHEST);
  }
}
