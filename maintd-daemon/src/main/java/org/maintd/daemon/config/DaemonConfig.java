package org.maintd.daemon.config;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.time.Duration;
import org.maintd.balance.BalanceOptions;
import org.maintd.health.HealthSettings;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * The daemon's configuration, every value validated; see {@code etc/maintd.yaml}. Balancing, when
 * {@code balance} is on, moves as {@code balancing} (hbal's switches and gain rule) allows, and
 * with {@code balanceLoad} asks the collectors for the nodes' CPU load and weighs it; {@code
 * instanceHealth}: the watcher's duties and their limits; {@code reboot}: how reboot requests are
 * carried out. Its single-value withers ({@code withPort}, ...) are generated. The keys at the top
 * of the file are its own; each section is a record of its own ({@link CollectorSettings}, {@link
 * Sim}, {@link Ganeti}, {@link Http}, {@link Ha}, {@link NodeCommands}, {@link Maintenance}, {@link
 * Reboot}, {@link Notifications}), read by its own loader. Immutable.
 */
@RecordBuilder
public record DaemonConfig(
    String node,
    String bind,
    int port,
    Path stateDir,
    Backend backend,
    Path hmacKeyFile,
    Path usersFile,
    Duration pollInterval,
    Duration roundDelay,
    SafetyCaps caps,
    StormGuard storm,
    boolean harep,
    boolean balance,
    double balanceThreshold,
    BalanceOptions balancing,
    boolean balanceLoad,
    CollectorSettings collector,
    Sim sim,
    Ganeti ganeti,
    Http http,
    String hmacKeyGroup,
    Duration exitAfterFailure,
    Ha ha,
    NodeCommands nodeCommands,
    Maintenance maintenance,
    HealthSettings instanceHealth,
    Reboot reboot,
    Notifications notifications)
    implements DaemonConfigBuilder.With {

  /** Where the state lives. */
  public Store store() {
    return ha.leadership().store();
  }

  /** This configuration with the port and bind address given on the command line, where given. */
  public DaemonConfig withOverrides(Integer newPort, String newBind) {
    return withPort(newPort != null ? newPort : port).withBind(newBind != null ? newBind : bind);
  }
}
