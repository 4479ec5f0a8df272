package org.maintd.daemon.simulation;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.incident.Observation;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.ReportSource;

/**
 * The nodes' collectors of a simulation: each signs what its diagnose script prints, as the real
 * collector does, and the daemon's own {@link ReportReader} reads the answer (signature, freshness,
 * replay, node). A collector can be made unreachable, answer with a forged signature, replay its
 * previous answer, serve another node's genuine report, or flap between its report and Ok at every
 * poll; a powered-off node does not answer. A replayed answer is the previous one byte for byte,
 * which the daemon refuses unless it was restarted since it accepted it.
 */
final class SimulatedCollectors implements ReportSource {
  /** What a collector does wrong. */
  enum Fault {
    NONE,
    UNREACHABLE,
    FORGED,
    REPLAYED,
    WRONG_NODE,
    FLAPPING
  }

  static final Map<String, Object> OK = Map.of("status", "Ok");

  private final SimulatedCluster cluster;
  private final HmacKey key;
  private final HmacKey forger =
      new HmacKey("not the cluster's key".getBytes(java.nio.charset.StandardCharsets.UTF_8));
  private final Clock clock;
  private final Map<String, Map<String, Object>> reports = new TreeMap<>();
  private final Map<String, Fault> faults = new TreeMap<>();
  private final Map<String, String> lastAnswer = new TreeMap<>();
  private final Map<String, Boolean> flapped = new TreeMap<>();

  private ReportReader reader;

  SimulatedCollectors(SimulatedCluster cluster, HmacKey key, Clock clock) {
    this.cluster = cluster;
    this.key = key;
    this.clock = clock;
    restart();
  }

  /** A new daemon process: a new reader with an empty replay memory. */
  void restart() {
    reader = new ReportReader(new SignatureVerifier(key, Duration.ofSeconds(300)), false);
  }

  void report(String node, Map<String, Object> data) {
    reports.put(node, data);
  }

  void fault(String node, Fault fault) {
    faults.put(node, fault);
  }

  /** Faults stop, and every diagnose script prints Ok. */
  void heal() {
    faults.clear();
    reports.clear();
  }

  Map<String, Object> reportOf(String node) {
    return reports.getOrDefault(node, OK);
  }

  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    Map<String, CollectorReading> readings = new TreeMap<>();
    List<String> all = List.copyOf(new TreeSet<>(nodes));
    for (String node : all) {
      readings.put(node, read(node, all));
    }
    return readings;
  }

  private CollectorReading read(String node, List<String> all) {
    Fault fault = faults.getOrDefault(node, Fault.NONE);
    if (cluster.poweredOff(node) || fault == Fault.UNREACHABLE) {
      return new CollectorReading(
          node,
          new Observation.Unknown("connection refused"),
          "unreachable",
          "connection refused",
          clock.instant());
    }
    String body =
        switch (fault) {
          case FORGED ->
              Envelopes.seal(forger, signedReport(node, reportOf(node)), clock.instant());
          case REPLAYED -> lastAnswer.getOrDefault(node, answer(node, reportOf(node)));
          case WRONG_NODE -> answer(all.get((all.indexOf(node) + 1) % all.size()), reportOf(node));
          case FLAPPING ->
              answer(node, flapped.merge(node, true, (a, b) -> !a) ? reportOf(node) : OK);
          default -> answer(node, reportOf(node));
        };
    lastAnswer.put(node, body);
    return reader.read(node, body, clock.instant());
  }

  private String answer(String node, Map<String, Object> data) {
    return Envelopes.seal(key, signedReport(node, data), clock.instant());
  }

  private DiagnoseReport signedReport(String node, Map<String, Object> data) {
    return DiagnoseReport.of(node, data, clock.instant(), cluster.bootId(node));
  }
}
