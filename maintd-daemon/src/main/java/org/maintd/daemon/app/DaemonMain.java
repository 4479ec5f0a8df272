package org.maintd.daemon.app;

import ch.qos.logback.classic.Level;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.maintd.config.ConfigException;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.DaemonConfigLoader;
import org.maintd.spi.StoreException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code maintd [-f] [-d] [-p PORT] [-b ADDRESS] [-c CONFIG] [--set KEY=VALUE]... [--recover |
 * --export-state FILE | --import-state FILE [--force]] [--no-voting --yes-do-it]}. Exit codes: 0
 * exported or imported, 1 failure (lost vote, corrupt state, ZooKeeper out of reach, an export or
 * import that could not be done), 2 usage or configuration error (a credentials file or ACL maintd
 * cannot use, TLS to ZooKeeper or a SASL login that cannot work among them), 11 not the master, 143
 * stopped by SIGTERM (the JVM's code after the shutdown hook has stopped it cleanly).
 */
@Command(
    name = "maintd",
    mixinStandardHelpOptions = true,
    version = "maintd 0.1.0",
    description = "Maintenance daemon for the master node of a virtualization cluster.",
    exitCodeListHeading = "%nExit status%n",
    exitCodeList = {
      "0:exported or imported (--export-state, --import-state); --help, --version",
      "1:failure: lost the master vote, corrupt state, ZooKeeper out of reach, an export or"
          + " import that could not be done",
      "2:usage or configuration error (a credentials file or ACL maintd cannot use among them)",
      "11:not the master: the daemon of the master node works (a clean stop for its unit)",
      "143:stopped by SIGTERM (systemctl stop, docker stop): the JVM's code after a clean stop"
    })
public final class DaemonMain implements Callable<Integer> {
  @Option(
      names = {"-f", "--foreground"},
      description = "Run in the foreground (always the case; systemd supervises it).")
  boolean foreground;

  @Option(
      names = {"-d", "--debug"},
      description = "Log at debug level.")
  boolean debug;

  @Option(
      names = {"-p", "--port"},
      paramLabel = "PORT",
      description = "Port of the HTTP API (default from the config, 1816).")
  Integer port;

  @Option(
      names = {"-b", "--bind"},
      paramLabel = "ADDRESS",
      description = "Address to bind the HTTP API to.")
  String bind;

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description = "Configuration file (default: ${DEFAULT-VALUE}).",
      defaultValue = "/etc/maintd/maintd.yaml")
  Path config;

  @Option(
      names = "--set",
      paramLabel = "KEY=VALUE",
      description =
          "Override a configuration key (nested keys joined by"
              + " dots, the value as YAML), e.g. --set harep=true --set collector.timeout=10s. Repeatable.")
  List<String> sets = new ArrayList<>();

  @Option(
      names = "--recover",
      description =
          "The state file is lost: rebuild the state from the traces of maintd's work"
              + " in the cluster (node tags, jobs, the collectors' repairs), paused, instead of refusing to start.")
  boolean recover;

  @Option(
      names = "--export-state",
      paramLabel = "FILE",
      description =
          "Write the stored state (file or ZooKeeper) to FILE, as a state file, and exit; for"
              + " back-ups. Exits 1 when none is stored or it cannot be read.")
  Path exportState;

  @Option(
      names = "--import-state",
      paramLabel = "FILE",
      description =
          "Store the state in FILE (written by --export-state) and exit. In ZooKeeper it is"
              + " written under the next leader epoch, while the daemons run (the leader is fenced"
              + " off and goes on from it); a state file is imported while maintd is stopped."
              + " The file must be a complete maintd state; what it replaces, readable or not, is"
              + " kept in the state directory first. Exits 1, importing nothing, when the file is no"
              + " complete state or what it replaces cannot be kept.")
  Path importState;

  @Option(
      names = "--force",
      description =
          "With --import-state: import a file that is a maintd state but not a complete one (such"
              + " as one written by hand), what it lacks at its defaults.")
  boolean force;

  @Option(
      names = "--print-config",
      description =
          "Print the configuration file with every --set written in, as YAML, once it is checked,"
              + " and exit.")
  boolean printConfig;

  @Option(names = "--no-voting", description = "Do not ask the nodes to vote for the master.")
  boolean noVoting;

  @Option(names = "--yes-do-it", description = "Confirm --no-voting.")
  boolean yesDoIt;

  @Spec CommandSpec spec;

  /** Standard output, as the command line has it (tests give their own). */
  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /** Standard error, as the command line has it. */
  private PrintWriter err() {
    return spec.commandLine().getErr();
  }

  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new DaemonMain());
    cli.setParameterExceptionHandler(
        (e, a) -> {
          e.getCommandLine().getErr().println("maintd: " + e.getMessage());
          e.getCommandLine().usage(e.getCommandLine().getErr());
          return ExitCodes.USAGE;
        });
    System.exit(cli.execute(args));
  }

  @Override
  public Integer call() {
    if (debug) {
      ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger("org.maintd")).setLevel(Level.DEBUG);
    }
    if (noVoting && !yesDoIt) {
      err().println("maintd: --no-voting is dangerous and needs --yes-do-it");
      return ExitCodes.USAGE;
    }
    if (exportState != null && importState != null
        || (exportState != null || importState != null) && recover) {
      err().println("maintd: --export-state, --import-state and --recover are used one at a time");
      return ExitCodes.USAGE;
    }
    if (force && importState == null) {
      err().println("maintd: --force goes with --import-state");
      return ExitCodes.USAGE;
    }
    DaemonConfig cfg;
    try {
      if (printConfig) {
        out().print(new DaemonConfigLoader().merged(config, sets));
        out().flush();
        return ExitCodes.OK;
      }
      cfg = new DaemonConfigLoader().load(config, sets).withOverrides(port, bind);
    } catch (ConfigException e) {
      err().println("maintd: " + e.getMessage());
      return ExitCodes.USAGE;
    }
    if (exportState != null || importState != null) {
      return transfer(cfg);
    }
    return run(cfg);
  }

  private int transfer(DaemonConfig cfg) {
    StateTransfer transfer = new StateTransfer(cfg, Clock.systemUTC());
    try {
      out()
          .println(
              "maintd: "
                  + (exportState != null
                      ? transfer.exportTo(exportState)
                      : transfer.importFrom(importState, force)));
      return ExitCodes.OK;
    } catch (StartupException e) {
      err().println("maintd: " + e.getMessage());
      return e.exitCode();
    }
  }

  private int run(DaemonConfig cfg) {
    Daemon daemon = new Daemon(cfg, Clock.systemUTC());
    CountDownLatch stopped = new CountDownLatch(1);
    try {
      daemon.start(!noVoting, recover);
    } catch (StartupException e) {
      err().println("maintd: " + e.getMessage());
      closeQuietly(daemon);
      return e.exitCode();
    } catch (StoreException e) {
      err().println("maintd: " + e.getMessage());
      closeQuietly(daemon);
      return ExitCodes.FAILURE;
    } catch (Exception e) {
      err().println("maintd: cannot start: " + e);
      closeQuietly(daemon);
      return ExitCodes.FAILURE;
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  if (!daemon.exit().isDone()) {
                    LoggerFactory.getLogger(DaemonMain.class)
                        .info("stopping: asked to (SIGTERM, or Ctrl-C)");
                  }
                  closeQuietly(daemon);
                  stopped.countDown();
                }));
    daemon.exit().thenRun(stopped::countDown);
    try {
      stopped.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (daemon.exit().isDone()) {
      int code = daemon.exit().join();
      err()
          .println(
              code == ExitCodes.NOT_MASTER
                  ? "maintd: the master role moved to another node; its daemon goes on"
                  : "maintd: failed: " + daemon.failure());
      closeQuietly(daemon);
      return code;
    }
    return ExitCodes.OK;
  }

  private void closeQuietly(Daemon daemon) {
    try {
      daemon.close();
    } catch (Exception e) {
      err().println("maintd: error while stopping: " + e);
    }
  }
}
