package org.maintd.daemon.app;

import java.util.function.Supplier;

/**
 * This daemon's URL, as the others name it when it leads (see {@link Addresses#self}): with the
 * configured port until the API listens, then with the port it listens on (the one chosen when it
 * was configured with 0). Thread-safe.
 */
final class SelfUrl implements Supplier<String> {
  private final Addresses addresses;
  private volatile int port;

  SelfUrl(Addresses addresses, int configuredPort) {
    this.addresses = addresses;
    this.port = configuredPort;
  }

  /** The API listens on {@code port} from now on. */
  void listening(int port) {
    this.port = port;
  }

  @Override
  public String get() {
    return addresses.self(port);
  }
}
