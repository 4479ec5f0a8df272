package org.maintd.collector.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.protocol.report.CpuAvgLoad;

/** mond's {@code cpu-avg-load}: busy jiffies between the oldest and newest sample. */
class CpuSamplerTest {
  @TempDir Path tmp;

  private static String stat(long user, long idle, long a, long b) {
    return "cpu  "
        + user
        + " 0 0 "
        + idle
        + " 0 0 0 0 0 0\ncpu0 "
        + a
        + " 0 0 0 0 0 0 0 0 0\ncpu1 "
        + b
        + " 0 0 0 0 0 0 0 0 0\nintr 1 2 3\n";
  }

  @Test
  void theLoadIsTheBusyJiffiesOverTheWindowPerCpuAndInAll() throws Exception {
    Path file = tmp.resolve("stat");
    AtomicLong nanos = new AtomicLong();
    CpuSampler sampler = new CpuSampler(file, Duration.ofSeconds(5), 3, 100, null, 2, nanos::get);
    assertEquals(Map.of("error", "Empty buffer"), sampler.report());
    Files.writeString(file, stat(100, 900, 60, 40));
    sampler.sample();
    assertEquals(
        Map.of("error", "Time covered by data is not sufficient."),
        sampler.report(),
        "one sample covers no time");
    for (long t = 1; t <= 3; t++) {
      nanos.set(t * 5_000_000_000L);
      Files.writeString(file, stat(100 + 750 * t, 900, 60 + 500 * t, 40 + 250 * t));
      sampler.sample();
    }
    assertEquals(
        new CpuAvgLoad(2, List.of(1.0, 0.5), 1.5),
        sampler.report(),
        "the oldest of three samples is t=5 s: 1000 and 500 jiffies over 10 s at 100 a second");
  }

  @Test
  void mondCountsEveryBusyFieldButIdle() {
    assertEquals(
        List.of(1 + 2 + 3 + 5 + 6 + 7 + 8 + 9 + 10L, 7L),
        java.util.Arrays.stream(ProcStat.busy("cpu 1 2 3 4 5 6 7 8 9 10\ncpu0 7 0 0 99\nctxt 5\n"))
            .boxed()
            .toList());
    assertThrows(IllegalArgumentException.class, () -> ProcStat.busy("intr 1\n"));
    assertThrows(IllegalArgumentException.class, () -> ProcStat.busy("cpu 1 x 3\n"));
  }

  @Test
  void aSimulatedNodeReportsWhatItsFileHoldsSpreadOverItsCpus() throws Exception {
    Path file = tmp.resolve("load");
    CpuSampler sampler =
        new CpuSampler(tmp.resolve("none"), Duration.ofSeconds(5), 3, 100, file, 4, () -> 0);
    assertEquals(new CpuAvgLoad(4, List.of(0.0, 0.0, 0.0, 0.0), 0.0), sampler.report());
    Files.writeString(file, "2\n");
    assertEquals(new CpuAvgLoad(4, List.of(0.5, 0.5, 0.5, 0.5), 2.0), sampler.report());
    Files.writeString(file, "lots\n");
    assertEquals(
        "cannot read " + file + ": For input string: \"lots\"",
        ((Map<?, ?>) sampler.report()).get("error"));
  }

  @Test
  void aWindowNeedsTwoSamplesAndATick() {
    assertThrows(IllegalArgumentException.class, () -> new CpuWindow(1, 100));
    assertThrows(IllegalArgumentException.class, () -> new CpuWindow(2, 0));
  }
}
