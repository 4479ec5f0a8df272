package org.maintd.collector.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.eclipse.jetty.server.Server;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.collector.config.HmacKeySetting;
import org.maintd.collector.diagnose.Diagnoser;
import org.maintd.collector.http.CollectorHandler;
import org.maintd.collector.http.Reports;
import org.maintd.collector.load.CpuSampler;
import org.maintd.collector.load.KvmRss;
import org.maintd.collector.repair.RepairService;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.http.Servers;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One node's collector, wired from its configuration: a Jetty server with the collector's
 * endpoints, and the sampler of its CPU load. {@link #start()} binds (port 0 picks a free port, see
 * {@link #port()}); {@link #close()} stops it. Not restartable.
 */
public final class Collector implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Collector.class);

  private final CollectorConfig config;
  private final Server server;
  private final CpuSampler cpu;

  public Collector(CollectorConfig config, Clock clock) throws IOException {
    this.config = config;
    HmacKey key =
        HmacKeySetting.read(
            config.hmacKeyFile(), config.hmacKeyGroup(), "the configuration of " + config.node());
    CommandRunner runner = new CommandRunner(config.outputLimit());
    Diagnoser diagnoser =
        new Diagnoser(
            config.diagnoseCommand(),
            new Whitelist(config.diagnoseDirectory()),
            runner,
            config.diagnoseTimeout());
    RepairService repairs =
        new RepairService(
            config.node(),
            new Whitelist(config.repairDirectory()),
            runner,
            config.repairTimeout(),
            config.repairResults(),
            clock);
    Reports reports =
        new Reports(config.node(), config.signReports() ? key : null, clock, config.bootIdFile());
    SignatureVerifier verifier = new SignatureVerifier(key, config.maxSkew());
    CollectorConfig.LoadSettings l = config.load();
    this.cpu =
        new CpuSampler(
            l.statFile(),
            l.interval(),
            l.samples(),
            l.ticks(),
            l.simulated(),
            l.cpus(),
            System::nanoTime);
    KvmRss rss = new KvmRss(l.kvmPidDirectory(), l.proc());
    this.server =
        Servers.newServer(
            config.bind(),
            config.port(),
            config.idleTimeout(),
            new CollectorHandler(
                config.node(),
                diagnoser,
                repairs,
                reports,
                c -> c.equals(LoadReport.CPU_AVG_LOAD) ? cpu.report() : rss.pages(),
                verifier,
                config.masterFile(),
                clock,
                config.maxRequestBody()));
  }

  public void start() throws Exception {
    cpu.start();
    server.start();
    log.info("collector for node {} listening on {}:{}", config.node(), config.bind(), port());
    if (config.portFile() != null) {
      Path tmp = config.portFile().resolveSibling(config.portFile().getFileName() + ".tmp");
      Files.writeString(tmp, Integer.toString(port()));
      Files.move(tmp, config.portFile(), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
  }

  public int port() {
    return Servers.port(server);
  }

  public String node() {
    return config.node();
  }

  @Override
  public void close() throws Exception {
    cpu.close();
    server.stop();
  }
}
