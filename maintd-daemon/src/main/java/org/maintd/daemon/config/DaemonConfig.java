package org.maintd.daemon.config;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.balance.BalanceOptions;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AllowedHours;
import org.maintd.guard.PlannedWorkGuard;
import org.maintd.health.HealthSettings;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * The daemon's configuration, every value validated; see {@code etc/maintd.yaml}. Balancing, when
 * {@code balance} is on, moves as {@code balancing} (hbal's switches and gain rule) allows, and
 * with {@code balanceLoad} asks the collectors for the nodes' CPU load and weighs it; {@code
 * instanceHealth}: the watcher's duties and their limits; {@code reboot}: how reboot requests are
 * carried out. Its single-value withers ({@code withPort}, ...) are generated.
 */
@RecordBuilder
public record DaemonConfig(
    String node,
    String bind,
    int port,
    Path stateDir,
    Backend backend,
    Path hmacKeyFile,
    Path usersFile,
    Duration pollInterval,
    Duration roundDelay,
    SafetyCaps caps,
    StormGuard storm,
    boolean harep,
    boolean balance,
    double balanceThreshold,
    BalanceOptions balancing,
    boolean balanceLoad,
    Collector collector,
    Sim sim,
    Ganeti ganeti,
    Http http,
    String hmacKeyGroup,
    Duration exitAfterFailure,
    Ha ha,
    NodeCommands nodeCommands,
    Maintenance maintenance,
    HealthSettings instanceHealth,
    Reboot reboot)
    implements DaemonConfigBuilder.With {

  /**
   * Reboot requests: how long a soft power-off may take before it falls back to hard, how long a
   * node may take to come back, whether a hard path exists ({@code hard}) and whether the backend
   * powers nodes off and on ({@code powerControl}): {@code backend} or {@code none}; {@code auto}
   * is the backend's own with the simulated cluster and none with Ganeti (its power-cycle resets a
   * node, and RAPI has no power-on).
   */
  public record Reboot(
      Duration softTimeout, Duration bootTimeout, String hard, String powerControl) {
    public static Reboot defaults() {
      return new Reboot(Duration.ofMinutes(5), Duration.ofMinutes(15), "auto", "auto");
    }

    /** The policy of the core for {@code backend}. */
    public org.maintd.reboot.RebootPolicy policy(Backend backend) {
      return new org.maintd.reboot.RebootPolicy(
          softTimeout, bootTimeout, on(hard, backend), on(powerControl, backend));
    }

    private static boolean on(String setting, Backend backend) {
      return setting.equals("backend") || (setting.equals("auto") && backend == Backend.SIM);
    }
  }

  /**
   * Planned maintenance: how long before its window a scheduled machine starts to drain, where the
   * consent commands are and how long one may run, and the guards of planned work: the hours in
   * which it may start (every hour by default) and the alert interlock (none: no alert holds it).
   */
  public record Maintenance(
      Duration drainAhead,
      Consent consent,
      AllowedHours allowedHours,
      Optional<Interlock> alertInterlock) {
    public static Maintenance defaults() {
      return new Maintenance(
          Duration.ofHours(1),
          new Consent(Path.of("/etc/maintd/consent-commands"), Duration.ofSeconds(30)),
          AllowedHours.anyTime(),
          Optional.empty());
    }

    /**
     * The guard of planned work these settings make (none when they allow every hour and alert).
     */
    public PlannedWorkGuard guard() {
      return new PlannedWorkGuard(
          allowedHours.allowsAnyTime() ? Optional.empty() : Optional.of(allowedHours),
          alertInterlock.map(Interlock::rule));
    }
  }

  /** Consent commands: the whitelist directory they are run from, and how long one may take. */
  public record Consent(Path directory, Duration timeout) {}

  /**
   * The alert interlock: the Prometheus server asked for {@code ALERTS}, how long its answer may
   * take, and which alerts hold planned work (and what an unreadable answer does).
   */
  public record Interlock(URI url, Duration timeout, AlertInterlock rule) {}

  /**
   * Who reboots a node and moves the master role: {@code collector} (a whitelisted command the
   * node's collector runs: a soft reboot, {@code gnt-cluster master-failover} on the new master) or
   * {@code backend} (Ganeti's power-cycle, a hard reset; the simulated cluster's own); {@code
   * auto}: the collectors with Ganeti, the backend with the simulated cluster. The commands' names;
   * how long a fail-over may take until the cluster names the new master; and, for reboots through
   * the collectors, how long after a soft reboot that has not brought its node back (or at once
   * when it failed) the node is rebooted hard through the backend (zero: never).
   */
  public record NodeCommands(
      String reboot,
      String rebootCommand,
      String masterFailover,
      String masterFailoverCommand,
      Duration masterFailoverWait,
      Duration hardRebootAfter) {
    public static NodeCommands defaults() {
      return new NodeCommands(
          "auto", "reboot", "auto", "master-failover", Duration.ofSeconds(120), Duration.ZERO);
    }

    /** Node commands without a hard fall-back for reboots. */
    public NodeCommands(
        String reboot,
        String rebootCommand,
        String masterFailover,
        String masterFailoverCommand,
        Duration masterFailoverWait) {
      this(
          reboot,
          rebootCommand,
          masterFailover,
          masterFailoverCommand,
          masterFailoverWait,
          Duration.ZERO);
    }

    /**
     * Whether {@code setting} ({@link #reboot} or {@link #masterFailover}) means the collectors.
     */
    public static boolean byCollector(String setting, Backend backend) {
      return setting.equals("collector") || (setting.equals("auto") && backend == Backend.GANETI);
    }
  }

  /**
   * High availability: who leads and where the state lives ({@link WhoLeads}), and the URL the
   * others name as this daemon's when it leads ({@code null}: {@code http://<node>:<port>}).
   */
  public record Ha(WhoLeads leadership, String advertiseUrl) {
    /** {@code leadership: master}, the state in a file. */
    public static Ha defaults() {
      return new Ha(new WhoLeads.Master(new Store.InFile()), null);
    }

    /** {@code leadership: zookeeper}, the state in the same ZooKeeper. */
    public static Ha elected(ZooKeeper zookeeper) {
      return new Ha(new WhoLeads.Elected(zookeeper), null);
    }
  }

  /**
   * ZooKeeper: the connection string, the session timeout (a leader that lost its session has given
   * up leadership by then), how long to wait for the first connection, the chroot under which
   * maintd keeps its znodes, how a new leader waits after fencing its predecessor before it acts,
   * and who maintd is to ZooKeeper: {@code acl} {@code digest} (the root-only {@code credentials}
   * file with {@code user:password}), {@code sasl} (the JVM's JAAS {@code Client} section logs in
   * as {@code saslUser}) or {@code open} (no ACLs, on an operator's explicit choice); and TLS.
   */
  public record ZooKeeper(
      String connect,
      Duration sessionTimeout,
      Duration connectionTimeout,
      String chroot,
      Path credentials,
      Duration fenceWait,
      String acl,
      String saslUser,
      Tls tls) {
    public static ZooKeeper defaults() {
      return new ZooKeeper(
          "",
          Duration.ofSeconds(15),
          Duration.ofSeconds(15),
          "/maintd",
          null,
          Duration.ofSeconds(15),
          "digest",
          "",
          Tls.none());
    }

    /** Digest ACLs with {@code credentials} (null: {@code acl: open}), without TLS. */
    public ZooKeeper(
        String connect,
        Duration sessionTimeout,
        Duration connectionTimeout,
        String chroot,
        Path credentials,
        Duration fenceWait) {
      this(
          connect,
          sessionTimeout,
          connectionTimeout,
          chroot,
          credentials,
          fenceWait,
          credentials == null ? "open" : "digest",
          "",
          Tls.none());
    }
  }

  /**
   * TLS to ZooKeeper's {@code secureClientPort}, on when {@code trustStore} is set: the CA
   * certificates to trust (PEM, or a PKCS12 or JKS store with its password file), the client's own
   * key and certificate when the servers ask for one (optional, likewise), whether the server's
   * certificate must name the host it is reached by, and what maintd offers: ZooKeeper's {@code
   * protocol} (the only version offered when {@code enabledProtocols} is empty), the versions
   * offered, and the cipher suites (empty: ZooKeeper's own list).
   */
  public record Tls(
      Path trustStore,
      Path trustStorePasswordFile,
      Path keyStore,
      Path keyStorePasswordFile,
      boolean hostnameVerification,
      String protocol,
      List<String> enabledProtocols,
      List<String> cipherSuites) {
    /** Offered by default: TLSv1.3 for ZooKeeper 3.9's servers, TLSv1.2 for 3.8's. */
    public static final List<String> DEFAULT_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    public Tls {
      enabledProtocols = List.copyOf(enabledProtocols);
      cipherSuites = List.copyOf(cipherSuites);
    }

    /** With the default protocols and cipher suites. */
    public Tls(
        Path trustStore,
        Path trustStorePasswordFile,
        Path keyStore,
        Path keyStorePasswordFile,
        boolean hostnameVerification) {
      this(
          trustStore,
          trustStorePasswordFile,
          keyStore,
          keyStorePasswordFile,
          hostnameVerification,
          DEFAULT_PROTOCOLS.get(0),
          DEFAULT_PROTOCOLS,
          List.of());
    }

    public static Tls none() {
      return new Tls(null, null, null, null, true);
    }

    public boolean enabled() {
      return trustStore != null;
    }

    /** The versions maintd offers: {@code enabledProtocols}, or {@code protocol} alone. */
    public List<String> offered() {
      return enabledProtocols.isEmpty() ? List.of(protocol) : enabledProtocols;
    }
  }

  /**
   * The API server: the most it reads of a request's body, how long a connection may stay silent,
   * and, for HTTPS, the PEM certificate (chain) and private key (null: plain HTTP; Ganeti's {@code
   * rapi.pem} holds both).
   */
  public record Http(int maxRequestBody, Duration idleTimeout, Path certificate, Path key) {
    public static Http defaults() {
      return new Http(1 << 20, Duration.ofSeconds(30));
    }

    /** Plain HTTP. */
    public Http(int maxRequestBody, Duration idleTimeout) {
      this(maxRequestBody, idleTimeout, null, null);
    }

    public boolean https() {
      return certificate != null;
    }
  }

  /** How collectors are reached and trusted. */
  public record Collector(
      String urlTemplate,
      Map<String, String> urls,
      Duration timeout,
      Duration repairTimeout,
      boolean allowUnsigned,
      Duration maxSkew) {}

  /**
   * The simulated backend: where its cluster comes from, where node diagnose files (and boot ids)
   * live, how long operations and reboots take, the file the simulated nodes read as their master
   * (null: none), and whether this daemon follows the master role when it moves (the simulated
   * nodes all live in this process, so the daemon of the new master is this one), and whether
   * several daemons share it (a leader and its standbys: the file is read again under a lock when
   * another has changed it); {@code generate}: a cluster generated from a spec instead of read from
   * {@code cluster}.
   */
  public record Sim(
      Path cluster,
      Path diagnoseDir,
      Duration operationTime,
      Duration timePerGiB,
      Duration bootTime,
      Path masterFile,
      boolean followMaster,
      boolean shared,
      java.util.Optional<org.maintd.generate.ClusterSpec> generate) {
    public Sim(Path cluster, Path diagnoseDir, Duration operationTime, Duration timePerGiB) {
      this(
          cluster,
          diagnoseDir,
          operationTime,
          timePerGiB,
          Duration.ofSeconds(5),
          null,
          true,
          false,
          java.util.Optional.empty());
    }
  }

  /**
   * The ganeti backend: RAPI's URL, the PEM file to trust (the cluster certificate or a CA bundle;
   * null: the JVM's trust store), whether its certificate must name the host, the root-only file
   * with {@code user password}, the time limit of a request, and read attempts.
   */
  public record Ganeti(
      java.net.URI rapiUrl,
      Path certificate,
      boolean verifyHostname,
      Path credentials,
      Duration timeout,
      int readAttempts) {
    public static Ganeti defaults() {
      return new Ganeti(
          java.net.URI.create("https://127.0.0.1:5080"),
          Path.of("/var/lib/ganeti/rapi.pem"),
          false,
          Path.of("/etc/maintd/rapi-credentials"),
          Duration.ofSeconds(30),
          3);
    }
  }

  /** Where the state lives. */
  public Store store() {
    return ha.leadership().store();
  }

  /** This configuration with the port and bind address given on the command line, where given. */
  public DaemonConfig withOverrides(Integer newPort, String newBind) {
    return withPort(newPort != null ? newPort : port).withBind(newBind != null ? newBind : bind);
  }
}
