package org.maintd.cli;

import java.nio.file.Path;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.command.AckCommand;
import org.maintd.cli.command.BalanceCommand;
import org.maintd.cli.command.CampaignCommand;
import org.maintd.cli.command.CancelCommand;
import org.maintd.cli.command.CancelRebootCommand;
import org.maintd.cli.command.DownCommand;
import org.maintd.cli.command.HealthCommand;
import org.maintd.cli.command.InstancesCommand;
import org.maintd.cli.command.MachineWait;
import org.maintd.cli.command.NodesCommand;
import org.maintd.cli.command.NotifyCommand;
import org.maintd.cli.command.PauseCommand;
import org.maintd.cli.command.PlanCommand;
import org.maintd.cli.command.RebootCommand;
import org.maintd.cli.command.RebootsCommand;
import org.maintd.cli.command.ReleaseCommand;
import org.maintd.cli.command.ResumeCommand;
import org.maintd.cli.command.RollCommand;
import org.maintd.cli.command.ScheduleCommand;
import org.maintd.cli.command.ShowCommand;
import org.maintd.cli.command.SimCommand;
import org.maintd.cli.command.StatusCommand;
import org.maintd.cli.command.UpCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * {@code maintctl}: the command-line tool of maintd. Exit codes: 0 success, 1 failure (the daemon
 * refused or could not be reached), 2 usage error.
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
          + " maintctl-COMMAND(1)."
    },
    exitCodeListHeading = "%nExit status%n",
    exitCodeList = {
      "0:success",
      "1:failure: the daemon refused or could not be reached, or the work waited for failed",
      "2:usage error"
    },
    footerHeading = "%nEnvironment%n",
    footer = {
      "MAINTD_URL       maintd's API, unless --url (default http://127.0.0.1:1816)",
      "MAINTD_KEY_FILE  the cluster's HMAC key, unless --key-file",
      "MAINTD_CA_FILE   the certificates to trust, unless --ca-file"
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
      NotifyCommand.class,
      SimCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Maintctl implements Runnable {
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
      description = "Output: table (default) or json.")
  Format output = Format.table;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Output formats. */
  public enum Format {
    table,
    json
  }

  public ApiClient client() {
    String u =
        url != null ? url : System.getenv().getOrDefault("MAINTD_URL", "http://127.0.0.1:1816");
    String k = System.getenv("MAINTD_KEY_FILE");
    return new ApiClient(
        u, keyFile != null ? keyFile : k == null || k.isEmpty() ? null : Path.of(k), caFile(u));
  }

  /** The certificates to trust: only for an https:// URL. */
  private Path caFile(String url) {
    if (!url.startsWith("https://")) {
      return null;
    }
    if (caFile != null) {
      return caFile;
    }
    String env = System.getenv("MAINTD_CA_FILE");
    if (env != null && !env.isEmpty()) {
      return Path.of(env);
    }
    Path ganeti = Path.of("/var/lib/ganeti/rapi.pem");
    return java.nio.file.Files.isReadable(ganeti) ? ganeti : null;
  }

  public boolean json() {
    return output == Format.json;
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
    cli.setExecutionExceptionHandler(
        (e, c, p) -> {
          if (e instanceof ApiException
              || e instanceof CampaignCommand.CampaignEnded
              || e instanceof RebootCommand.RebootFailed
              || e instanceof MachineWait.Failed
              || e instanceof NotifyCommand.NotDelivered) {
            c.getErr().println("maintctl: " + e.getMessage());
            return 1;
          }
          throw e;
        });
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
