package org.maintd.daemon.chaos;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.maintd.protocol.json.Json;

/**
 * One run of {@code scripts/chaos} as an operator starts it: its exit code, what it printed, and
 * its report ({@code report.json}) read back.
 */
record ChaosRun(int exit, String output, Map<?, ?> report) {
  private static final Path TOP = Path.of("..").toAbsolutePath().normalize();

  /**
   * {@code scripts/chaos} with {@code args} and its state in {@code dir}, ended after {@code
   * minutes}.
   */
  static ChaosRun of(Path dir, int minutes, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(TOP.resolve("scripts/chaos").toString()));
    command.addAll(List.of(args));
    command.addAll(List.of("--state-dir", dir.toString()));
    Path out = dir.resolveSibling(dir.getFileName() + ".out");
    Process p =
        new ProcessBuilder(command)
            .directory(TOP.toFile())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    if (!p.waitFor(minutes, TimeUnit.MINUTES)) {
      p.destroy();
      p.waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(
          "scripts/chaos did not end within " + minutes + " min:\n" + Files.readString(out));
    }
    return new ChaosRun(p.exitValue(), Files.readString(out), report(dir.resolve("report.json")));
  }

  private static Map<?, ?> report(Path file) throws IOException {
    return Files.exists(file) ? Json.MAPPER.readValue(file.toFile(), Map.class) : Map.of();
  }

  /** The faults the run made, each as its report has it. */
  List<Map<?, ?>> faults() {
    List<Map<?, ?>> out = new ArrayList<>();
    if (report.get("faults") instanceof List<?> list) {
      for (Object f : list) {
        out.add((Map<?, ?>) f);
      }
    }
    return out;
  }
}
