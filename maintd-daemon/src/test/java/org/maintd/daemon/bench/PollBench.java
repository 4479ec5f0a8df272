package org.maintd.daemon.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.client.HttpClient;
import org.maintd.daemon.poll.CollectorPoller;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.CollectorReading;

/**
 * Benchmark: the daemon's poller (the same classes and settings the daemon wires) against a {@link
 * CollectorFleet}: wall time per poll, process CPU time per poll, heap after the run. {@code
 * PollBench KEYFILE URLFILE ROUNDS}. Prints one line of results.
 */
public final class PollBench {
  private PollBench() {}

  public static void main(String[] args) throws Exception {
    HmacKey key = HmacKey.fromFileContent(Files.readAllBytes(Path.of(args[0])));
    Map<String, String> urls = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Path.of(args[1]))) {
      String[] f = line.split(" ");
      urls.put(f[0], f[1]);
    }
    int rounds = Integer.parseInt(args[2]);
    HttpClient http = new HttpClient();
    http.setMaxConnectionsPerDestination(64);
    http.setMaxRequestsQueuedPerDestination(100_000);
    http.start();
    CollectorPoller poller =
        new CollectorPoller(
            http,
            new CollectorUrls("http://{node}:1815", urls),
            new ReportReader(new SignatureVerifier(key, Duration.ofSeconds(300)), false),
            Duration.ofSeconds(10),
            Clock.systemUTC());
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    poller.poll(urls.keySet());
    List<Long> wall = new ArrayList<>();
    List<Long> cpu = new ArrayList<>();
    int faults = 0;
    int bad = 0;
    for (int r = 0; r < rounds; r++) {
      long c0 = os.getProcessCpuTime();
      long t0 = System.nanoTime();
      Map<String, CollectorReading> readings = poller.poll(urls.keySet());
      wall.add(System.nanoTime() - t0);
      cpu.add(os.getProcessCpuTime() - c0);
      faults =
          (int)
              readings.values().stream()
                  .filter(x -> x.observation() instanceof org.maintd.incident.Observation.Fault)
                  .count();
      bad = (int) readings.values().stream().filter(x -> !x.health().equals("ok")).count();
    }
    System.gc();
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    long[] w = wall.stream().mapToLong(Long::longValue).sorted().toArray();
    long[] c = cpu.stream().mapToLong(Long::longValue).sorted().toArray();
    System.out.printf(
        "nodes=%d rounds=%d wall_ms median=%.0f max=%.0f cpu_ms median=%.0f heap_used_after_gc_mib=%.1f faults=%d not_ok=%d%n",
        urls.size(),
        rounds,
        w[w.length / 2] / 1e6,
        w[w.length - 1] / 1e6,
        c[c.length / 2] / 1e6,
        mem.getHeapMemoryUsage().getUsed() / 1048576.0,
        faults,
        bad);
    http.stop();
    if (bad > 0) {
      System.exit(1);
    }
  }
}
