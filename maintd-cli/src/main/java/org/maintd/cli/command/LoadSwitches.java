package org.maintd.cli.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.maintd.balance.Load;
import org.maintd.balance.Utilisation;
import org.maintd.balance.UtilisationText;
import picocli.CommandLine.Option;

/**
 * hbal's switches for the instances' load, spelled as hbal spells them: a dynamic utilisation file
 * ({@code -U}), mond's answers from a file ({@code --mond-data}; hbal also needs {@code --mond=yes}
 * to read it, maintctl reads it whenever it is given), Xen's per-instance CPU load in place of the
 * nodes' ({@code --mond-xen}), failing when a measure is incomplete ({@code
 * --exit-on-missing-mond-data}), or no load at all ({@code --ignore-dynu}).
 */
final class LoadSwitches {
  @Option(
      names = {"-U", "--dynu-file"},
      paramLabel = "FILE",
      description = "Instance utilisation: lines of 'name cpu mem dsk net'.")
  Path dynu;

  @Option(
      names = "--mond-data",
      paramLabel = "FILE",
      description = "Node load from this file of mond's answers (cpu-avg-load).")
  Path mondData;

  @Option(
      names = "--mond-xen",
      description = "With --mond-data: Xen's per-instance CPU load (xen-cpu-avg-load).")
  boolean xen;

  @Option(
      names = "--exit-on-missing-mond-data",
      description = "Fail when not every node or instance has load data.")
  boolean exitOnMissing;

  @Option(names = "--ignore-dynu", description = "Weigh no instance's load at all.")
  boolean ignore;

  /** The load the files give (read even with {@code --ignore-dynu}, as hbal reads them). */
  Load load() throws HtoolsCommand.Failure {
    Map<String, Utilisation> util = Map.of();
    if (dynu != null) {
      try {
        util = UtilisationText.read(read(dynu));
      } catch (IllegalArgumentException e) {
        throw new HtoolsCommand.Failure("can't parse utilisation data: " + e.getMessage());
      }
    }
    Load.Cpu cpu = new Load.NoCpu();
    if (mondData != null) {
      try {
        cpu = MondData.read(read(mondData), xen);
      } catch (IllegalArgumentException e) {
        throw new HtoolsCommand.Failure(
            "can't parse MonD data: " + mondData + ": " + e.getMessage());
      }
    }
    return new Load(ignore, util, cpu);
  }

  private static String read(Path file) throws HtoolsCommand.Failure {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new HtoolsCommand.Failure("cannot read " + file + ": " + e.getMessage());
    }
  }
}
