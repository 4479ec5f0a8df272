package org.maintd.collector.config;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The collector's configuration, every value validated. {@code node} is the name this node has in
 * the cluster; {@code diagnoseCommand} empty means the built-in diagnose that reports Ok; {@code
 * maxRequestBody} bounds what is read of a request, {@code idleTimeout} how long a connection may
 * stay silent; {@code hmacKeyGroup} (empty: none) may read the key file besides its owner; {@code
 * load} says where the load reports come from. Its single-value withers ({@code withNode}, ...) are
 * generated.
 */
@RecordBuilder
public record CollectorConfig(
    String node,
    String bind,
    int port,
    Path portFile,
    Path hmacKeyFile,
    boolean signReports,
    String diagnoseCommand,
    Path diagnoseDirectory,
    Duration diagnoseTimeout,
    Path repairDirectory,
    Duration repairTimeout,
    Path repairResults,
    int outputLimit,
    Path masterFile,
    Duration maxSkew,
    Path bootIdFile,
    int maxRequestBody,
    Duration idleTimeout,
    String hmacKeyGroup,
    LoadSettings load)
    implements CollectorConfigBuilder.With {

  public static final int DEFAULT_MAX_REQUEST_BODY = 256 * 1024;
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

  /**
   * Where the load comes from: {@code statFile} sampled every {@code interval}, {@code samples} of
   * them kept (mond: every 5 s, 150), its clock ticking {@code ticks} times a second; or, in a
   * simulation, the number of busy CPUs in {@code simulated} (null: measure), over {@code cpus}
   * CPUs; the KVM instances' pid files in {@code kvmPidDirectory}, their processes under {@code
   * proc}.
   */
  public record LoadSettings(
      Path statFile,
      Duration interval,
      int samples,
      int ticks,
      Path simulated,
      int cpus,
      Path kvmPidDirectory,
      Path proc) {
    /** mond's: /proc/stat every 5 s, 150 samples, 100 ticks a second; Ganeti's KVM pid files. */
    public static LoadSettings defaults() {
      return new LoadSettings(
          Path.of("/proc/stat"),
          Duration.ofSeconds(5),
          150,
          100,
          null,
          Runtime.getRuntime().availableProcessors(),
          Path.of("/var/run/ganeti/kvm-hypervisor/pid"),
          Path.of("/proc"));
    }
  }
}
