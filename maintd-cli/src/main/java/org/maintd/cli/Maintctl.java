package org.maintd.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.Trouble;
import org.maintd.cli.command.AckCommand;
import org.maintd.cli.command.BalanceCommand;
import org.maintd.cli.command.CampaignCommand;
import org.maintd.cli.command.CancelCommand;
import org.maintd.cli.command.CancelRebootCommand;
import org.maintd.cli.command.DownCommand;
import org.maintd.cli.command.HealthCommand;
import org.maintd.cli.command.InstancesCommand;
import org.maintd.cli.command.NodesCommand;
import org.maintd.cli.command.NotifyCommand;
import org.maintd.cli.command.PauseCommand;
import org.maintd.cli.command.PlanCommand;
import org.maintd.cli.command.RebootCommand;
import org.maintd.cli.command.RebootsCommand;
import org.maintd.cli.command.RehearseCommand;
import org.maintd.cli.command.ReleaseCommand;
import org.maintd.cli.command.ResumeCommand;
import org.maintd.cli.command.RollCommand;
import org.maintd.cli.command.ScheduleCommand;
import org.maintd.cli.command.ShowCommand;
import org.maintd.cli.command.SimCommand;
import org.maintd.cli.command.StatusCommand;
import org.maintd.cli.command.UpCommand;
import org.maintd.cli.output.Terminal;
import org.maintd.cli.wait.ProgressLine;
import org.maintd.cli.wait.Sleeper;
import org.maintd.cli.wait.Waiter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code maintctl}: the command-line tool of maintd, its global options, and what ends a run: the
 * exit codes (0 success; 1 failure: the daemon refused, could not be reached, or the work waited
 * for failed; 2 usage; 3 a wait gave up after its timeout while the work goes on), a failure told
 * in one line by {@link Failures}. Not thread-safe: one run at a time.
 */
@Command(
    name = "maintctl",
    mixinStandardHelpOptions = true,
    version = "maintctl 0.1.0",
    scope = ScopeType.INHERIT,
    description = {
      "Inspect and steer maintd.",
      "maintctl talks to the daemon's HTTP API (--url): reads need no credentials, changes are"
          + " signed with the cluster's HMAC key (--key-file). roll and balance also plan without a"
          + " daemon, from a cluster file or RAPI. Each command has its own manual page,"
          + " maintctl-COMMAND(1).",
      "Commands that start work wait until it has ended, with a progress line, and exit 1 with its"
          + " own message if it failed: down, up, sim power-on and sim diagnose unless --no-wait;"
          + " cancel, reboot, release and campaign start, resume, abort and show ID with --wait."
    },
    exitCodeListHeading = "%nExit status%n",
    exitCodeList = {
      "0:success (with a wait: the work is done)",
      "1:failure: the daemon refused or could not be reached, the work waited for failed (its"
          + " own message follows), or a wait gave up after --timeout (the work goes on: the"
          + " message says so and where it stood)",
      "2:usage error"
    },
    footerHeading = "%nEnvironment%n",
    footer = {
      "MAINTD_URL       maintd's API, unless --url (default http://127.0.0.1:1816)",
      "MAINTD_KEY_FILE  the cluster's HMAC key, unless --key-file",
      "MAINTD_CA_FILE   the certificates to trust, unless --ca-file",
      "NO_COLOR         set and not empty: no colour, unless --color=always",
      "MAINTCTL_DEBUG   set: a failure maintctl did not foresee shows where it happened"
    },
    subcommands = {
      StatusCommand.class,
      ShowCommand.class,
      CancelCommand.class,
      AckCommand.class,
      NodesCommand.class,
      InstancesCommand.class,
      HealthCommand.class,
      UpCommand.class,
      DownCommand.class,
      ScheduleCommand.class,
      PlanCommand.class,
      RollCommand.class,
      BalanceCommand.class,
      PauseCommand.class,
      ResumeCommand.class,
      CampaignCommand.class,
      RebootCommand.class,
      ReleaseCommand.class,
      RebootsCommand.class,
      CancelRebootCommand.class,
      RehearseCommand.class,
      NotifyCommand.class,
      SimCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Maintctl implements Runnable {
  /** How long a wait sleeps between two looks at the work. */
  static final Duration LOOK_EVERY = Duration.ofSeconds(1);

  @Option(
      names = "--url",
      paramLabel = "URL",
      scope = ScopeType.INHERIT,
      description = "maintd's API (default: $MAINTD_URL or http://127.0.0.1:1816).")
  String url;

  @Option(
      names = "--key-file",
      paramLabel = "FILE",
      scope = ScopeType.INHERIT,
      description = "Cluster HMAC key to sign changes (default: $MAINTD_KEY_FILE).")
  Path keyFile;

  @Option(
      names = "--ca-file",
      paramLabel = "FILE",
      scope = ScopeType.INHERIT,
      description =
          "PEM certificates to trust for an https:// URL (default: $MAINTD_CA_FILE, else Ganeti's"
              + " /var/lib/ganeti/rapi.pem where it can be read, else the JVM's CAs).")
  Path caFile;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FORMAT",
      scope = ScopeType.INHERIT,
      description = "Output: table (default) or json (the API's answer, or a documented shape).")
  Format output = Format.table;

  @Option(
      names = "--color",
      scope = ScopeType.INHERIT,
      paramLabel = "WHEN",
      description =
          "Colour the state of waited work (failed red, done green, waiting yellow): auto (the"
              + " default: on a terminal, unless NO_COLOR is set), always or never; never with -o"
              + " json.")
  Terminal.ColorChoice color = Terminal.ColorChoice.auto;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  private ApiClient client;

  /** Output formats. */
  public enum Format {
    table,
    json
  }

  /** The client of this run, made on first use. */
  public ApiClient client() {
    if (client == null) {
      String u =
          url != null ? url : System.getenv().getOrDefault("MAINTD_URL", "http://127.0.0.1:1816");
      client =
          new ApiClient(
              u,
              key(),
              caFile(u),
              Sleeper.thread(),
              note -> System.err.println("maintctl: " + note));
    }
    return client;
  }

  /** The key file, and which option or variable named it. */
  private Optional<Trouble.KeyFile> key() {
    if (keyFile != null) {
      return Optional.of(new Trouble.KeyFile(keyFile, "--key-file"));
    }
    String k = System.getenv("MAINTD_KEY_FILE");
    return k == null || k.isEmpty()
        ? Optional.empty()
        : Optional.of(new Trouble.KeyFile(Path.of(k), "MAINTD_KEY_FILE"));
  }

  /** The certificates to trust: only for an https:// URL. */
  private Optional<Path> caFile(String url) {
    if (!url.startsWith("https://")) {
      return Optional.empty();
    }
    if (caFile != null) {
      return Optional.of(caFile);
    }
    String env = System.getenv("MAINTD_CA_FILE");
    if (env != null && !env.isEmpty()) {
      return Optional.of(Path.of(env));
    }
    Path ganeti = Path.of("/var/lib/ganeti/rapi.pem");
    return Files.isReadable(ganeti) ? Optional.of(ganeti) : Optional.empty();
  }

  public boolean json() {
    return output == Format.json;
  }

  /** Where progress goes, and whether it is coloured. */
  public Terminal terminal() {
    return Terminal.of(color, System.console() != null, System.getenv(), json());
  }

  /** A waiter on the real clock, its progress on standard error. */
  public Waiter waiter() {
    return new Waiter(
        Clock.systemUTC(), Sleeper.thread(), LOOK_EVERY, new ProgressLine(System.err, terminal()));
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.err);
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  public static int execute(String... args) {
    CommandLine cli = new CommandLine(new Maintctl());
    cli.setExecutionExceptionHandler(Failures::handle);
    cli.setParameterExceptionHandler(
        (e, a) -> {
          e.getCommandLine().getErr().println("maintctl: " + e.getMessage());
          e.getCommandLine()
              .getErr()
              .println("try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'");
          return 2;
        });
    return cli.execute(args);
  }
}
