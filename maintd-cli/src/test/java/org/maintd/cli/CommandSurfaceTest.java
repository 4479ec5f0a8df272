package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The shape of maintctl's commands, read from picocli's model: which commands wait for the work
 * they start and with which defaults, and that every command's help gives the exit codes. About 2 s
 * (the help of every command).
 */
class CommandSurfaceTest {
  /**
   * Every command that takes --wait: whether it waits unless told not to, and its default timeout.
   * Short work the next command depends on waits by default; work of hours, held on purpose, or
   * whose own effect is at once waits when asked.
   */
  private static final Map<String, String> WAITS =
      new TreeMap<>(
          Map.ofEntries(
              Map.entry("down", "true 1h"),
              Map.entry("up", "true 1h"),
              Map.entry("sim power-on", "true 2m"),
              Map.entry("sim diagnose", "true 2m"),
              Map.entry("cancel", "false 1h"),
              Map.entry("reboot", "false 1h"),
              Map.entry("release", "false 1h"),
              Map.entry("campaign start", "false 24h"),
              Map.entry("campaign resume", "false 24h"),
              Map.entry("campaign abort", "false 24h"),
              Map.entry("campaign show", "false 24h")));

  private static Map<String, CommandSpec> commands() {
    Map<String, CommandSpec> all = new TreeMap<>();
    collect(new CommandLine(new Maintctl()), "", all);
    return all;
  }

  private static void collect(CommandLine c, String prefix, Map<String, CommandSpec> all) {
    c.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!name.equals("help")) {
                String path = prefix.isEmpty() ? name : prefix + " " + name;
                all.put(path, sub.getCommandSpec());
                collect(sub, path, all);
              }
            });
  }

  @Test
  void theCommandsThatStartWorkWaitWithTheirDefaultsAndNoOtherTakesWait() {
    Map<String, String> found = new TreeMap<>();
    commands()
        .forEach(
            (path, spec) -> {
              OptionSpec wait = spec.findOption("--wait");
              if (wait != null) {
                OptionSpec timeout = spec.findOption("--timeout");
                assertTrue(wait.negatable(), path + ": --no-wait too");
                assertTrue(timeout != null, path + " has --wait but no --timeout");
                found.put(path, wait.getValue() + " " + timeout.getValue());
              }
            });
    assertEquals(WAITS, found);
  }

  @Test
  void everyCommandsHelpGivesTheExitCodesIncludingATimedOutWait() {
    List<String> missing = new ArrayList<>();
    commands()
        .forEach(
            (path, spec) -> {
              String help = new CommandLine(spec).getUsageMessage().replaceAll("\\s+", " ");
              if (!help.contains("Exit status")
                  || !help.contains("or a wait gave up after --timeout (the work goes on")) {
                missing.add(path);
              }
            });
    assertEquals(List.of(), missing);
  }

  @Test
  void aTimeoutIsADurationLongerThanNothingAndAtMostThirtyDays() {
    assertEquals(2, MaintctlTest.run("down", "n1", "--timeout", "soon").code());
    assertEquals(2, MaintctlTest.run("down", "n1", "--timeout", "0s").code());
    assertEquals(2, MaintctlTest.run("down", "n1", "--timeout", "31d").code());
    MaintctlTest.Run r = MaintctlTest.run("campaign", "start", "--timeout", "0s");
    assertTrue(
        r.err().contains("'0s': a wait lasts longer than that (--no-wait does not wait)"), r.err());
  }
}
