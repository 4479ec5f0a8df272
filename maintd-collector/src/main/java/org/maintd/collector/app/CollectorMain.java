package org.maintd.collector.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.maintd.collector.config.CollectorConfigLoader;

/**
 * {@code maintd-collector [-c FILE]...}: starts one collector per configuration file (default
 * {@code /etc/maintd/maintd-collector.yaml}) and runs until stopped. Several files serve several
 * simulated nodes from one process; {@code --fleet FILE} serves many from one server ({@link
 * Fleet}). Exit codes: 0 stopped, 1 failed to start, 2 usage or configuration error.
 */
public final class CollectorMain {
  private CollectorMain() {}

  static final String USAGE =
      String.join(
          "\n",
          "usage: maintd-collector [-c FILE]... | --fleet FILE",
          "The node agent of maintd: runs the node's whitelisted diagnose command and serves signed",
          "reports on port 1815; runs whitelisted repair commands on signed requests from maintd.",
          "  -c, --config FILE   configuration file (default /etc/maintd/maintd-collector.yaml);",
          "                      several files serve several (simulated) nodes from one process",
          "  --fleet FILE        serve a fleet of simulated nodes from one server on loopback",
          "                      addresses (etc/demo/fleet.yaml shows its keys)",
          "  -h, --help          show this help and exit",
          "Exit codes: 0 stopped, 1 failed to start, 2 usage or configuration error.");

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
    List<Path> files = new ArrayList<>();
    List<Path> fleets = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-h") || args[i].equals("--help")) {
        return Arguments.stop(0, USAGE);
      } else if ((args[i].equals("-c") || args[i].equals("--config")) && i + 1 < args.length) {
        files.add(Path.of(args[++i]));
      } else if (args[i].equals("--fleet") && i + 1 < args.length && fleets.isEmpty()) {
        fleets.add(Path.of(args[++i]));
      } else {
        return Arguments.stop(2, "maintd-collector: unknown argument '" + args[i] + "'\n" + USAGE);
      }
    }
    if (!fleets.isEmpty() && !files.isEmpty()) {
      return Arguments.stop(2, "maintd-collector: --fleet serves alone, without -c\n" + USAGE);
    }
    if (files.isEmpty() && fleets.isEmpty()) {
      files.add(Path.of("/etc/maintd/maintd-collector.yaml"));
    }
    return new Arguments(files, fleets, 0, "");
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
