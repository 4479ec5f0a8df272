package org.maintd.daemon.config;

import java.time.Duration;
import org.maintd.config.ConfigSection;

/**
 * The keys of reboot requests in {@code maintd.yaml}: {@code softTimeout} and {@code bootTimeout}
 * (at least a second), {@code hard} and {@code powerControl} ({@code auto}, {@code backend} or
 * {@code none}), each bad value told with its key. Stateless.
 */
final class RebootSection {
  private RebootSection() {}

  static Reboot read(ConfigSection r) {
    Reboot d = Reboot.defaults();
    Duration second = Duration.ofSeconds(1);
    return new Reboot(
        r.duration("softTimeout", d.softTimeout(), second),
        r.duration("bootTimeout", d.bootTimeout(), second),
        Choice.read(r, "hard", d.hard()),
        Choice.read(r, "powerControl", d.powerControl()));
  }
}
