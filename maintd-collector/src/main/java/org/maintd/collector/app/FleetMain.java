package org.maintd.collector.app;

import java.nio.file.Path;
import java.time.Clock;
import org.maintd.collector.fleet.Fleet;
import org.maintd.collector.fleet.FleetConfigLoader;
import org.maintd.config.ConfigException;

/**
 * {@code maintd-collector --fleet FILE}: starts the {@link Fleet} the file describes and runs until
 * stopped. Exit codes as {@link CollectorMain}'s: 0 stopped, 1 failed to start, 2 configuration
 * error.
 */
final class FleetMain {
  private FleetMain() {}

  static int run(Path file) {
    Fleet fleet;
    try {
      fleet = new Fleet(new FleetConfigLoader().load(file), Clock.systemUTC());
      fleet.start();
    } catch (ConfigException e) {
      System.err.println("maintd-collector: " + e.getMessage());
      return 2;
    } catch (Exception e) {
      System.err.println("maintd-collector: cannot start the fleet: " + e);
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(fleet)));
    CollectorMain.waitForStop();
    return 0;
  }

  private static void stop(Fleet fleet) {
    try {
      fleet.close();
    } catch (Exception e) {
      System.err.println("maintd-collector: stopping the fleet: " + e);
    }
  }
}
