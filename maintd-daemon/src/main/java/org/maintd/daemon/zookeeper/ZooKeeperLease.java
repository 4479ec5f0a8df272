package org.maintd.daemon.zookeeper;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * How long this daemon may be sure its ZooKeeper session lives, measured on the monotonic clock
 * (which keeps counting while the process is stopped, so that a daemon continued after SIGSTOP
 * knows at once that it has not heard from ZooKeeper for that long). A request sent at {@code t}
 * and answered proves the session alive at {@code t} or later, and ZooKeeper expires a session no
 * sooner than its timeout after it last heard of it: no other daemon can be elected before {@code
 * t} plus the session timeout. The lease runs until {@code t} plus the part of the session timeout
 * after which the ZooKeeper client itself declares the connection lost (two thirds: its read
 * timeout), so that it lapses before the session can expire, with a third to spare for the new
 * leader's fence. Only answers within the session this daemon's connection last confirmed count: an
 * answer in a new session, before the daemon has learnt its old one was lost, renews nothing.
 * Thread-safe.
 */
public final class ZooKeeperLease {
  /** The part of the session timeout the lease runs for: the ZooKeeper client's read timeout. */
  static final double SHARE = 2.0 / 3.0;

  private final LongSupplier nanos;
  private long until;
  private boolean granted;
  private long session;

  /** A lease measured on {@code nanos} (System::nanoTime); held by no session yet. */
  public ZooKeeperLease(LongSupplier nanos) {
    this.nanos = nanos;
  }

  /** The time now, on this lease's clock: when a request is sent. */
  public long now() {
    return nanos.getAsLong();
  }

  /** The connection confirmed {@code session} (connected or reconnected in it). */
  public synchronized void confirmed(long session) {
    if (session != this.session) {
      this.session = session;
      granted = false;
    }
  }

  /**
   * A request sent at {@code sentAt} in {@code session}, whose timeout is {@code sessionTimeout},
   * was answered: the lease runs until {@code sentAt} plus its share of that timeout, if that is
   * later than it ran, and the session is the one confirmed.
   */
  public synchronized void heard(long sentAt, long session, Duration sessionTimeout) {
    if (session != this.session) {
      return;
    }
    long next = sentAt + (long) (sessionTimeout.toNanos() * SHARE);
    if (!granted || next - until > 0) {
      until = next;
      granted = true;
    }
  }

  /** Whether the lease holds now. */
  public synchronized boolean holds() {
    return granted && nanos.getAsLong() - until < 0;
  }
}
