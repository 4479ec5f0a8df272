package org.maintd.collector.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.maintd.collector.fleet.Fleet;
import org.maintd.collector.fleet.FleetConfigLoader;

/**
 * {@code maintd-collector --fleet FILE}: starts the {@link Fleet} the file describes and runs until
 * stopped. Exit codes as {@link CollectorMain}'s: 0 stopped, 1 failed to start, 2 configuration
 * error.
 */
final class FleetMain {
  private FleetMain() {}

  static int run(Path file) {
    return Serving.run(
        " the fleet",
        () -> {
          Fleet fleet = new Fleet(new FleetConfigLoader().load(file), Clock.systemUTC());
          fleet.start();
          return List.of(new Serving.Started("the fleet", fleet));
        });
  }
}
