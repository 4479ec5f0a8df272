package org.maintd.collector.fleet;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.maintd.collector.diagnose.FileDiagnose;
import org.maintd.collector.http.CollectorHandler;
import org.maintd.collector.http.Reports;
import org.maintd.collector.load.CpuSampler;
import org.maintd.collector.repair.RepairService;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;

/**
 * One simulated node of a fleet: the collector's own endpoints ({@link CollectorHandler}), its
 * reports signed with the cluster key, its diagnose read from {@code simDir/NODE.json}, its boot id
 * from {@code simDir/NODE.boot_id}, its busy CPUs from {@code simDir/NODE.load} (no KVM instances
 * of its own), its repairs run from the whitelist and kept in {@code repairResults/NODE}.
 * Stateless.
 */
final class SimulatedNode {
  private SimulatedNode() {}

  static CollectorHandler handler(
      String node, FleetConfig config, HmacKey key, CommandRunner runner, Clock clock) {
    Path dir = config.simDir();
    CpuSampler cpu =
        new CpuSampler(
            Path.of("/proc/stat"),
            Duration.ofSeconds(5),
            2,
            100,
            dir.resolve(node + ".load"),
            config.cpus(),
            System::nanoTime);
    return new CollectorHandler(
        node,
        new FileDiagnose(dir.resolve(node + ".json")),
        new RepairService(
            node,
            new Whitelist(config.repairDirectory()),
            runner,
            config.repairTimeout(),
            config.repairResults().resolve(node),
            clock),
        new Reports(node, key, clock, dir.resolve(node + ".boot_id")),
        c -> c.equals(LoadReport.CPU_AVG_LOAD) ? cpu.report() : Map.of(),
        new SignatureVerifier(key, config.maxSkew()),
        config.masterFile(),
        clock,
        config.maxRequestBody());
  }
}
