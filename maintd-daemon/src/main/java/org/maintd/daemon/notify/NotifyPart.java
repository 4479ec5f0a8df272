package org.maintd.daemon.notify;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.Part;
import org.maintd.notify.Event;
import org.maintd.notify.Seen;
import org.maintd.notify.StateEvents;
import org.maintd.round.StepResult;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the events to the receivers, on threads of its own: the runner hands it what each step
 * published ({@link #listener}, which only queues it), and every {@link #PUMP} its thread makes the
 * events of the steps queued, records their deliveries and starts the due ones, one at a time per
 * receiver, each on its receiver's thread. Only while this daemon leads ({@link #lead}); a failure
 * of the record or a receiver is logged and tried again, never thrown to a round. Thread-safe.
 */
public final class NotifyPart extends Part {
  private static final Logger log = LoggerFactory.getLogger(NotifyPart.class);
  static final Duration PUMP = Duration.ofMillis(200);
  private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);
  private static final int QUEUED_AT_MOST = 10_000;

  private final Notifications config;
  private final Clock clock;
  private final Map<String, Sender> senders = new LinkedHashMap<>();
  private final Map<String, ExecutorService> threads = new LinkedHashMap<>();
  private final Set<String> busy = ConcurrentHashMap.newKeySet();
  private final Deque<Seen> steps = new ConcurrentLinkedDeque<>();
  private final ReceiverStatus status = new ReceiverStatus();
  private final ScheduledExecutorService pump =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-notify"));
  private volatile Leader leader;
  private Instant pruned = Instant.MIN;
  private String lastProblem = "";

  /** What this daemon does while it leads: its deliveries, and the step events are made from. */
  private static final class Leader {
    final Outbox outbox;
    final Event leads;
    Seen last;
    boolean begun;

    Leader(Outbox outbox, Seen first, Event leads) {
      this.outbox = outbox;
      this.last = first;
      this.leads = leads;
    }
  }

  public NotifyPart(Notifications config, Clock clock) {
    super("notifications", clock);
    this.config = config;
    this.clock = clock;
    for (Notifications.Receiver r : config.receivers()) {
      senders.put(r.name(), Sender.of(r, config.timeout()));
      threads.put(
          r.name(),
          Executors.newSingleThreadExecutor(DaemonThreads.named("maintd-notify-" + r.name())));
    }
  }

  /** What the runner tells: each published step queued here, nothing more. */
  public RunnerListener listener() {
    return new RunnerListener() {
      @Override
      public void stepped(StepResult result, DaemonView published) {
        if (leader != null && steps.size() < QUEUED_AT_MOST) {
          steps.add(new Seen(published.state(), published.plan().plannedWorkHeld()));
        }
      }
    };
  }

  /**
   * This daemon leads from {@code first} on, its deliveries in {@code outbox}; {@code leads} tells
   * the receivers so.
   */
  public void lead(Outbox outbox, MaintdState first, Event leads) {
    steps.clear();
    leader = new Leader(outbox, new Seen(first, java.util.Optional.empty()), leads);
  }

  /**
   * This daemon leads no more: nothing further is made or started (an attempt under way ends, its
   * answer not recorded), and how the receivers answered last is forgotten (a standby sends
   * nothing, so it tells no receiver down).
   */
  public void standDown() {
    synchronized (status) {
      leader = null;
      status.forgetLast();
    }
    steps.clear();
  }

  /** How each receiver answered last. */
  public ReceiverStatus status() {
    return status;
  }

  /**
   * What {@code /1/health} warns of: each receiver that is down, while this daemon leads (a standby
   * sends nothing, so what it last saw of a receiver is not told as news).
   */
  public List<String> warnings() {
    return leader == null ? List.of() : status.warnings();
  }

  /** The receivers' names, as configured. */
  public List<String> receivers() {
    return List.copyOf(senders.keySet());
  }

  /**
   * A test event sent to every receiver now, not recorded, with what each answered (in the
   * receivers' status only while this daemon leads).
   */
  public Map<String, Answer> test() {
    Event e = StateEvents.test(Long.toString(clock.millis()), clock.instant());
    Leader l = leader;
    Map<String, Answer> out = new LinkedHashMap<>();
    senders.forEach((name, sender) -> out.put(name, answered(l, name, sender.send(e))));
    return out;
  }

  @Override
  protected void startUp() {
    long ms = PUMP.toMillis();
    pump.scheduleWithFixedDelay(this::pumpOnce, ms, ms, TimeUnit.MILLISECONDS);
  }

  @Override
  protected void shutDown() {
    leader = null;
    pump.shutdownNow();
    threads.values().forEach(ExecutorService::shutdownNow);
  }

  @Override
  protected String detail() {
    return senders.size() + " receiver(s): " + String.join(", ", senders.keySet());
  }

  private void pumpOnce() {
    Leader l = leader;
    if (l == null) {
      return;
    }
    try {
      begin(l);
      makeEvents(l);
      pruneIfDue(l);
      senders.keySet().forEach(name -> startDue(l, name));
      lastProblem = "";
    } catch (RuntimeException e) {
      if (!String.valueOf(e.getMessage()).equals(lastProblem)) {
        log.warn("notifications wait: {}", e.getMessage());
        lastProblem = String.valueOf(e.getMessage());
      }
    }
  }

  private void begin(Leader l) {
    if (!l.begun) {
      l.outbox.takeOver();
      l.outbox.offer(List.of(l.leads));
      l.begun = true;
    }
  }

  private void makeEvents(Leader l) {
    for (Seen next = steps.peek(); next != null && leader == l; next = steps.peek()) {
      l.outbox.offer(StateEvents.between(l.last, next, clock.instant()));
      l.last = next;
      steps.poll();
    }
  }

  private void pruneIfDue(Leader l) {
    Instant now = clock.instant();
    if (pruned.plus(PRUNE_EVERY).isBefore(now)) {
      l.outbox.prune();
      pruned = now;
    }
  }

  private void startDue(Leader l, String name) {
    if (busy.contains(name)) {
      return;
    }
    l.outbox
        .due(name)
        .flatMap(l.outbox::claim)
        .ifPresent(
            d -> {
              busy.add(name);
              threads.get(name).execute(() -> deliver(l, name, d));
            });
  }

  private void deliver(Leader l, String name, Delivery sending) {
    try {
      Answer a = attempt(l, name, sending);
      if (a instanceof Answer.Delivered) {
        l.outbox.sent(sending);
      } else {
        l.outbox.failed(sending, a.text());
      }
    } catch (RuntimeException e) {
      log.warn(
          "[notification={}] [receiver={}] cannot record its delivery: {}",
          sending.id(),
          name,
          e.getMessage());
    } finally {
      busy.remove(name);
    }
  }

  /**
   * What {@code name} answered {@code sending}; a failure to make or send it (its event unreadable)
   * is a failed attempt, not the receiver's: it is tried again and given up in the end.
   */
  private Answer attempt(Leader l, String name, Delivery sending) {
    try {
      return answered(l, name, senders.get(name).send(sending.event()));
    } catch (RuntimeException e) {
      log.warn(
          "[notification={}] [receiver={}] cannot send it: {}", sending.id(), name, e.getMessage());
      return new Answer.Failed("cannot send it: " + e.getMessage());
    }
  }

  /** {@code a}, recorded in the receivers' status while {@code l} still leads. */
  private Answer answered(Leader l, String name, Answer a) {
    synchronized (status) {
      if (l == null || leader != l) {
        return a;
      }
      boolean wasUp = status.up(name);
      status.answered(name, a, clock.instant());
      if (wasUp && a instanceof Answer.Failed) {
        log.warn("[receiver={}] notification receiver down: {}", name, a.text());
      } else if (!wasUp && a instanceof Answer.Delivered) {
        log.info("[receiver={}] notification receiver up again", name);
      }
    }
    return a;
  }
}
