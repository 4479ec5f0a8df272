package org.maintd.daemon.consent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.Stream;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.daemon.runner.ConsentSource;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.exec.CommandResult;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.exec.WhitelistException;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.Window;
import org.maintd.protocol.json.Json;
import org.maintd.round.ConsentPoll;
import org.maintd.spi.MaintdState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the consent commands of a directory (every command there, in name order) for the instances
 * on draining nodes, two at a time in the background: an instance is asked once it is on a draining
 * node and has no answer, and again once its decline's {@code retry_after} has passed. Each command
 * gets the instance and the window as JSON on stdin; the first decline answers, else an unknown
 * answer (a command that hung, failed or printed no answer), else accept. Each tick takes the
 * answers given since the last. Thread-safe.
 */
public final class ConsentAsker implements ConsentSource, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ConsentAsker.class);
  private static final int OUTPUT_LIMIT = 64 * 1024;

  private final Whitelist whitelist;
  private final Duration timeout;
  private final Clock clock;
  private final ExecutorService threads =
      Executors.newFixedThreadPool(2, DaemonThreads.named("maintd-consent"));
  private final Set<String> asking = ConcurrentHashMap.newKeySet();
  private final Map<String, Consent> answered = new LinkedHashMap<>();
  private final Map<String, String> lastUnknown = new ConcurrentHashMap<>();

  public ConsentAsker(Path directory, Duration timeout, Clock clock) {
    this.whitelist = new Whitelist(directory);
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public ConsentPoll poll(MaintdState state, Cluster cluster, Instant now) {
    List<String> commands = commands();
    if (commands.isEmpty()) {
      return new ConsentPoll(false, take());
    }
    for (Node node : cluster.nodes()) {
      if (state.maintenance().modeOf(node.name()) != MachineMode.DRAIN) {
        continue;
      }
      Optional<Window> window = state.maintenance().schedule().windowOf(node.name());
      for (Instance inst : Consents.on(cluster, node.name())) {
        if (due(state, inst, node.name(), now) && asking.add(inst.name())) {
          ask(commands, inst, node.name(), window);
        }
      }
    }
    return new ConsentPoll(true, take());
  }

  /** Whether {@code inst} is to be asked: no answer on {@code node} yet, or a retry due. */
  private static boolean due(MaintdState state, Instance inst, String node, Instant now) {
    Optional<Consent> last =
        state.maintenance().consentsOn(node).stream()
            .filter(c -> c.instance().equals(inst.name()))
            .reduce((a, b) -> b);
    return last.isEmpty() || last.get().retryAfter().map(t -> !now.isBefore(t)).orElse(false);
  }

  private void ask(List<String> commands, Instance inst, String node, Optional<Window> window) {
    try {
      threads.execute(() -> answer(commands, inst.name(), node, window));
    } catch (RejectedExecutionException e) {
      asking.remove(inst.name());
    }
  }

  private void answer(List<String> commands, String instance, String node, Optional<Window> w) {
    try {
      byte[] stdin = stdin(instance, node, w);
      List<Consent> answers = new ArrayList<>();
      for (String name : commands) {
        Consent c = run(name, instance, node, stdin);
        answers.add(c);
        if (c.declined()) {
          break;
        }
      }
      Consent result =
          answers.stream()
              .filter(Consent::declined)
              .findFirst()
              .or(
                  () ->
                      answers.stream()
                          .filter(c -> c.answer() == Consent.Answer.UNKNOWN)
                          .findFirst())
              .orElse(answers.get(0));
      if (result.answer() == Consent.Answer.UNKNOWN
          && !result.reason().equals(lastUnknown.put(instance, result.reason()))) {
        log.warn(
            "[instance={}] [node={}] consent unknown ({}): {}",
            instance,
            node,
            result.source(),
            result.reason());
      }
      synchronized (answered) {
        answered.put(instance, result);
      }
    } finally {
      asking.remove(instance);
    }
  }

  private Consent run(String name, String instance, String node, byte[] stdin) {
    String source = "command " + name;
    Instant now = clock.instant();
    CommandResult r;
    try {
      r = new CommandRunner(OUTPUT_LIMIT).run(whitelist.resolve(name), stdin, timeout);
    } catch (WhitelistException | IOException e) {
      return ConsentReply.unknown(instance, node, source, e.getMessage(), now);
    }
    if (r.timedOut()) {
      return ConsentReply.unknown(
          instance, node, source, "it did not answer within " + timeout.toMillis() + " ms", now);
    }
    if (r.exitCode() != 0) {
      return ConsentReply.unknown(
          instance,
          node,
          source,
          "it exited with "
              + r.exitCode()
              + (r.stderr().isBlank() ? "" : ": " + r.stderr().strip()),
          now);
    }
    if (r.overLimit()) {
      return ConsentReply.unknown(instance, node, source, "it printed more than 64 KiB", now);
    }
    return ConsentReply.read(
        instance, node, source, new String(r.stdout(), StandardCharsets.UTF_8), now);
  }

  private static byte[] stdin(String instance, String node, Optional<Window> w) {
    Map<String, Object> window = new HashMap<>();
    w.ifPresent(
        x -> {
          window.put("start", Map.of("nanoseconds", x.startNanos()));
          if (x.durationNanos().isPresent()) {
            window.put("duration", Map.of("nanoseconds", x.durationNanos().getAsLong()));
          }
          window.put("auto", x.auto());
        });
    return Json.write(Map.of("instance", instance, "node", node, "window", window))
        .getBytes(StandardCharsets.UTF_8);
  }

  /** The commands of the directory, in name order; none when it is missing or empty. */
  private List<String> commands() {
    Path dir = whitelist.directory();
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith("."))
          .sorted()
          .toList();
    } catch (IOException e) {
      log.warn("cannot list the consent commands in {}: {}", dir, e.getMessage());
      return List.of();
    }
  }

  private Map<String, Consent> take() {
    synchronized (answered) {
      Map<String, Consent> out = new LinkedHashMap<>(answered);
      answered.clear();
      return out;
    }
  }

  /** The instances being asked now, for tests and the log. */
  List<String> inFlight() {
    return new ArrayList<>(asking);
  }

  @Override
  public void close() {
    threads.shutdownNow();
  }
}
