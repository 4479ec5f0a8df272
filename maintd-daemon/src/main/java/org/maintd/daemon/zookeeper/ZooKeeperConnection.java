package org.maintd.daemon.zookeeper;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.SessionConnectionStateErrorPolicy;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.client.ZKClientConfig;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.zookeeper.tls.TlsDiagnosis;
import org.maintd.daemon.zookeeper.tls.TlsRefused;
import org.maintd.daemon.zookeeper.tls.ZooKeeperTls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's ZooKeeper session, under the configured chroot, as maintd's own identity (digest or
 * SASL, whose ACL every znode maintd creates carries), over TLS when configured. It reaches
 * ZooKeeper through the configured hosts only, never through the addresses the ensemble's own
 * configuration announces. It starts once the first connection is made and every znode of its
 * chroot is checked ({@link ChrootAcls}), refusing to start otherwise; then it follows the
 * connection: {@link #usable} is false from the moment the connection is {@code SUSPENDED} until it
 * is back in the same session, and while ZooKeeper has not answered within the {@link
 * ZooKeeperLease} (a process continued after a pause knows at once), so that nothing is submitted
 * meanwhile; {@code LOST} (the session expired) ends leadership. Each change is logged once.
 * Thread-safe.
 */
public final class ZooKeeperConnection extends Part {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperConnection.class);

  private final ZooKeeper settings;
  private final ZooKeeperIdentity identity;
  private final Object moves = new Object();
  private final Clock clock;
  private volatile CuratorFramework client;
  private volatile ConnectionState state = ConnectionState.LOST;
  private volatile java.time.Instant changedAt;
  private final ZooKeeperLease lease = new ZooKeeperLease(System::nanoTime);
  private final ZooKeeperHeartbeat heartbeat;
  private boolean wasUsable = true; // under moves: what the log last said
  private volatile boolean watching;

  /**
   * A connection as {@code identity}; {@link IllegalArgumentException} naming the setting when its
   * credentials cannot be used.
   */
  public ZooKeeperConnection(ZooKeeper settings, Clock clock) {
    this(settings, ZooKeeperIdentity.of(settings), clock);
  }

  public ZooKeeperConnection(ZooKeeper settings, ZooKeeperIdentity identity, Clock clock) {
    super("zookeeper", clock);
    this.settings = settings;
    this.identity = identity;
    this.clock = clock;
    this.changedAt = clock.instant();
    this.heartbeat = new ZooKeeperHeartbeat(this::client, settings.chroot(), lease, this::observe);
  }

  @Override
  protected void startUp() {
    ZKClientConfig zkConfig = zkConfig();
    CuratorFrameworkFactory.Builder builder =
        CuratorFrameworkFactory.builder()
            .connectString(settings.connect())
            .sessionTimeoutMs((int) settings.sessionTimeout().toMillis())
            // Curator's own attempt timeout stays within the session (it warns otherwise); the
            // first connection is still waited for up to zookeeper.connectionTimeout, below.
            .connectionTimeoutMs(
                (int)
                    Math.min(
                        settings.connectionTimeout().toMillis(),
                        settings.sessionTimeout().toMillis()))
            .retryPolicy(new ExponentialBackoffRetry(200, 3, 2000))
            .connectionStateErrorPolicy(new SessionConnectionStateErrorPolicy())
            // The hosts of zookeeper.connect are how this node reaches ZooKeeper; the addresses
            // the ensemble announces in its configuration may not be (a proxy, another network).
            .ensembleTracker(false)
            .zkClientConfig(zkConfig)
            .namespace(settings.chroot().substring(1));
    identity.applyTo(builder);
    CuratorFramework c = builder.build();
    c.getConnectionStateListenable().addListener((cf, next) -> moved(next));
    c.start();
    try {
      if (!c.blockUntilConnected(
          (int) settings.connectionTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        c.close();
        notConnected(zkConfig);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      c.close();
      throw new IllegalStateException("interrupted while connecting to ZooKeeper", e);
    }
    state = ConnectionState.CONNECTED;
    changedAt = clock.instant();
    client = c;
    checkChroot(c);
    try {
      heartbeat.start(settings.sessionTimeout());
      watching = true;
    } catch (Exception e) {
      c.close();
      throw new IllegalStateException("ZooKeeper did not answer once connected: " + e, e);
    }
  }

  /**
   * This connection's client settings; with TLS, its stores are loaded first, so that one that
   * cannot be refuses the start at once ({@link TlsRefused}).
   */
  private ZKClientConfig zkConfig() {
    ZKClientConfig config = ZooKeeperTls.config(settings.tls());
    if (settings.tls().enabled()) {
      TlsDiagnosis.context(config, settings.tls());
    }
    return config;
  }

  /**
   * The first connection failed: over TLS, a handshake with each server says whether the
   * configuration is the cause ({@link TlsRefused}); otherwise ZooKeeper cannot be reached.
   */
  private void notConnected(ZKClientConfig zkConfig) {
    boolean tls = settings.tls().enabled();
    if (tls) {
      TlsDiagnosis.refuseOnConfiguration(
          settings.connect(), settings.tls(), zkConfig, settings.connectionTimeout());
    }
    throw new IllegalStateException(
        "cannot connect to ZooKeeper at "
            + settings.connect()
            + (tls ? " over TLS" : "")
            + " within "
            + settings.connectionTimeout().toMillis()
            + " ms (zookeeper.connect, zookeeper.connectionTimeout"
            + (tls ? ", zookeeper.tls" : "")
            + ")");
  }

  private void checkChroot(CuratorFramework c) {
    List<String> tightened;
    try {
      tightened = new ChrootAcls(c, identity).check();
    } catch (RuntimeException e) {
      c.close();
      throw e;
    }
    log.info(
        "connected to ZooKeeper at {}{} under {}; session timeout {} ms as ZooKeeper granted it"
            + " (asked: {} ms); znodes: {}{}",
        settings.connect(),
        settings.tls().enabled() ? " over TLS" : "",
        settings.chroot(),
        negotiatedSessionTimeout(c),
        settings.sessionTimeout().toMillis(),
        identity.describe(),
        tightened.isEmpty() ? "" : "; " + tightened.size() + " tightened");
    if (identity.open()) {
      log.warn(
          "zookeeper.acl is open: anyone who can reach ZooKeeper can rewrite maintd's state under"
              + " {}, delete its election's znodes or change their ACLs; set"
              + " zookeeper.credentialsFile (docs/operations.md, \"ZooKeeper ACLs\")",
          settings.chroot());
    }
  }

  /** The warning {@code /1/health} carries while ACLs are open; empty otherwise. */
  public String warning() {
    return identity.open()
        ? "zookeeper.acl is open: anyone who can reach ZooKeeper can change maintd's state and its"
            + " election under "
            + settings.chroot()
        : "";
  }

  /** The session timeout ZooKeeper granted (it keeps it within two and twenty of its ticks). */
  private static String negotiatedSessionTimeout(CuratorFramework c) {
    try {
      return Integer.toString(c.getZookeeperClient().getZooKeeper().getSessionTimeout());
    } catch (Exception e) {
      return "unknown";
    }
  }

  private void moved(ConnectionState next) {
    ConnectionState before;
    synchronized (moves) {
      before = state;
      state = next;
      moves.notifyAll();
    }
    if (next == ConnectionState.LOST && before != next) {
      changedAt = clock.instant();
      log.warn("ZooKeeper session lost: leadership ends");
    }
    if (next.isConnected() && client != null) {
      heartbeat.confirm();
    }
    observe();
  }

  /**
   * Logs once when the connection stops being usable (suspended, or no answer within the lease) and
   * once when it is usable again, and wakes whoever waits for it.
   */
  private void observe() {
    boolean now = usable();
    synchronized (moves) {
      moves.notifyAll();
      if (now == wasUsable || !watching) {
        return;
      }
      wasUsable = now;
      changedAt = clock.instant();
    }
    if (now) {
      log.info("ZooKeeper connection usable again ({})", connectionState());
    } else if (state != ConnectionState.LOST) {
      log.warn("ZooKeeper connection {}: nothing is submitted until it is back", connectionState());
    }
  }

  /**
   * Waits until the connection is usable again in the same session (true), or the session is lost
   * or {@code max} has passed (false).
   */
  public boolean awaitUsable(Duration max) {
    long until = System.nanoTime() + max.toNanos();
    synchronized (moves) {
      while (!usable() && state != ConnectionState.LOST) {
        long left = until - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(moves, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return false;
        }
      }
      return usable();
    }
  }

  /** The client; started. */
  public CuratorFramework client() {
    CuratorFramework c = client;
    if (c == null) {
      throw new IllegalStateException("the ZooKeeper connection is not started");
    }
    return c;
  }

  /**
   * Whether the connection is up and ZooKeeper answered within the lease ({@link ZooKeeperLease}):
   * nothing may be submitted, written or answered as the leader while it is not.
   */
  public boolean usable() {
    return state.isConnected() && lease.holds();
  }

  /** When the connection last became usable or unusable. */
  public java.time.Instant changedAt() {
    return changedAt;
  }

  /** The connection's state as Curator names it: connected, suspended, lost, reconnected. */
  public String connectionState() {
    ConnectionState s = state;
    if (s.isConnected() && !lease.holds()) {
      return "silent (no answer within its lease of "
          + (long) (settings.sessionTimeout().toMillis() * ZooKeeperLease.SHARE)
          + " ms, two thirds of the session timeout)";
    }
    return s.name().toLowerCase(Locale.ROOT);
  }

  @Override
  protected void shutDown() {
    heartbeat.close();
    if (client != null) {
      client.close();
    }
  }

  @Override
  protected String detail() {
    return settings.connect() + settings.chroot() + "; " + connectionState();
  }
}
