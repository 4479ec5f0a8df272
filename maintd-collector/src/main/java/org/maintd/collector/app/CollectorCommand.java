package org.maintd.collector.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The collector's command line as picocli reads it: {@link CollectorMain} parses with it, and the
 * build makes the manual page maintd-collector(8) from it. Not thread-safe: one per parse.
 */
@Command(
    name = "maintd-collector",
    mixinStandardHelpOptions = true,
    version = "maintd-collector 0.1.0",
    header = "The node agent of maintd.",
    description = {
      "Runs the node's whitelisted diagnose command and serves signed reports on port 1815; runs"
          + " whitelisted repair commands on signed requests from maintd."
    },
    exitCodeListHeading = "%nExit status%n",
    exitCodeList = {"0:stopped", "1:failed to start", "2:usage or configuration error"})
final class CollectorCommand {
  static final String DEFAULT_CONFIG = "/etc/maintd/maintd-collector.yaml";

  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "Configuration file, "
              + DEFAULT_CONFIG
              + " by default; several files serve several (simulated) nodes from one process.")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--fleet",
      paramLabel = "FILE",
      description =
          "Serve a fleet of simulated nodes from one server on loopback addresses"
              + " (etc/demo/fleet.yaml shows its keys); not with -c.")
  Path fleet;
}
