package org.maintd.daemon.backend.ganeti;

import java.time.Clock;
import java.util.List;
import java.util.function.UnaryOperator;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.faults.BackendFaults;
import org.maintd.daemon.faults.Faults;

/**
 * The {@code ganeti} backend from the daemon's configuration: RAPI, whose exchanges raise and clear
 * the backend's faults ({@link BackendFaults}), the collectors as they are, no extra endpoints.
 */
public final class GanetiPlugin {
  private GanetiPlugin() {}

  /**
   * Throws {@link org.maintd.spi.BackendException} when the RAPI client cannot be set up (its
   * certificate, its credentials).
   */
  public static BackendPlugin of(DaemonConfig config, Faults faults, Clock clock) {
    Ganeti g = config.ganeti();
    RapiClient rapi =
        new RapiClient(
            new RapiSettings(
                g.rapiUrl(),
                g.certificate(),
                g.verifyHostname(),
                g.credentials(),
                g.timeout(),
                g.readAttempts()),
            new BackendFaults(
                faults, g.slowAnswer(), config.pollInterval().multipliedBy(2), clock));
    return new BackendPlugin(
        new GanetiBackend(rapi), UnaryOperator.identity(), List.of(), false, rapi);
  }
}
