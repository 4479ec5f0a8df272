package org.maintd.collector.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.maintd.collector.config.CollectorConfigLoader;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * {@code maintd-collector [-c FILE]...}: starts one collector per configuration file (default
 * {@code /etc/maintd/maintd-collector.yaml}) and runs until stopped; {@link CollectorCommand} reads
 * the command line. Several files serve several simulated nodes from one process; {@code --fleet
 * FILE} serves many from one server ({@link Fleet}). Exit codes: 0 stopped, 1 failed to start, 2
 * usage or configuration error.
 */
public final class CollectorMain {
  private CollectorMain() {}

  /**
   * What the command line asks for: the files to serve, or an exit code and its text (help, usage
   * error).
   */
  record Arguments(List<Path> files, List<Path> fleets, int exit, String text) {
    static Arguments stop(int exit, String text) {
      return new Arguments(List.of(), List.of(), exit, text);
    }
  }

  public static void main(String[] args) {
    Arguments a = parse(args);
    if (!a.text().isEmpty()) {
      (a.exit() == 0 ? System.out : System.err).println(a.text());
      System.exit(a.exit());
    }
    System.exit(a.fleets().isEmpty() ? run(a.files()) : FleetMain.run(a.fleets().get(0)));
  }

  static Arguments parse(String[] args) {
    CommandLine cli = new CommandLine(new CollectorCommand());
    String usage = cli.getUsageMessage().stripTrailing();
    try {
      ParseResult parsed = cli.parseArgs(args);
      if (parsed.isUsageHelpRequested()) {
        return Arguments.stop(0, usage);
      }
      if (parsed.isVersionHelpRequested()) {
        return Arguments.stop(0, String.join("\n", cli.getCommandSpec().version()));
      }
    } catch (ParameterException e) {
      return Arguments.stop(2, "maintd-collector: " + e.getMessage() + "\n" + usage);
    }
    CollectorCommand command = cli.getCommand();
    if (command.fleet != null) {
      return command.files.isEmpty()
          ? new Arguments(List.of(), List.of(command.fleet), 0, "")
          : Arguments.stop(2, "maintd-collector: --fleet serves alone, without -c\n" + usage);
    }
    List<Path> files =
        command.files.isEmpty() ? List.of(Path.of(CollectorCommand.DEFAULT_CONFIG)) : command.files;
    return new Arguments(files, List.of(), 0, "");
  }

  static int run(List<Path> files) {
    return Serving.run(
        "",
        () -> {
          List<Serving.Started> started = new ArrayList<>();
          for (Path file : files) {
            Collector c = new Collector(new CollectorConfigLoader().load(file), Clock.systemUTC());
            c.start();
            started.add(new Serving.Started(c.node(), c));
          }
          return started;
        });
  }
}
