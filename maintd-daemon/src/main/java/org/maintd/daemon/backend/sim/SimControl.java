package org.maintd.daemon.backend.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.job.Operation;
import org.maintd.protocol.api.Times;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimDiagnosed;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimInstance;
import org.maintd.protocol.sim.SimJobView;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.sim.SimNode;
import org.maintd.protocol.sim.SimPowerOn;
import org.maintd.protocol.sim.SimTag;
import org.maintd.protocol.text.ClientText;
import org.maintd.protocol.text.Escaped;
import org.maintd.spi.BackendException;

/**
 * The simulated cluster's controls: what a node's diagnose script prints, the CPU load its
 * collector reports, injected failures, node tags, changes made by hand (an instance's run state, a
 * node's flags), and the list of every job received. Bad values throw {@link
 * IllegalArgumentException} naming the field; names and tags are held to {@link ClientText}'s
 * bounds and alphabets, a diagnose's details to {@link #MAX_DETAILS} bytes. Thread-safe (the
 * backend is).
 */
final class SimControl {
  private static final List<String> OPS =
      List.of(
          "drain",
          "offline",
          "migrate",
          "failover",
          "move",
          "replace-secondary",
          "set-node-flags",
          "recreate-disks",
          "reinstall",
          "reboot",
          "master-failover",
          "startup",
          "shutdown",
          "activate-disks",
          "boot");

  /** The most bytes of JSON a simulated diagnose script's details hold. */
  static final int MAX_DETAILS = 4096;

  private final SimBackend sim;
  private final DiagnoseParser parser = new DiagnoseParser();

  SimControl(SimBackend sim) {
    this.sim = sim;
  }

  SimDiagnosed diagnose(SimDiagnose body) throws IOException {
    String node = known(required("node", body.node(), ClientText.HOSTNAME));
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("status", required("status", body.status(), ClientText.NAME));
    if (body.command() != null) {
      object.put("command", ClientText.NAME.check("command", body.command()));
    }
    if (body.details() != null) {
      object.put("details", details(body.details()));
    }
    try {
      parser.parseCommandOutput(object);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    Files.createDirectories(sim.settings().diagnoseDir());
    AtomicFiles.write(
        sim.settings().diagnoseDir().resolve(node + ".json"),
        Json.write(object).getBytes(StandardCharsets.UTF_8));
    return new SimDiagnosed(node, object);
  }

  /**
   * Sets how many CPUs a node's collector reports busy: the file beside its diagnose file that a
   * simulated collector reads ({@code load.simulated}).
   */
  SimLoad load(SimLoad body) throws IOException {
    String node = known(required("node", body.node(), ClientText.HOSTNAME));
    Double cpu = body.cpu();
    if (cpu == null || !Double.isFinite(cpu) || cpu < 0 || cpu > 100_000) {
      throw new IllegalArgumentException(
          "'cpu' must be the number of CPUs busy, from 0 to 100000, not " + cpu);
    }
    Files.createDirectories(sim.settings().diagnoseDir());
    AtomicFiles.write(
        sim.settings().diagnoseDir().resolve(node + ".load"),
        (cpu + "\n").getBytes(StandardCharsets.UTF_8));
    return new SimLoad(node, cpu);
  }

  SimFail fail(SimFail body) {
    long times = body.times() == null ? 1 : body.times();
    if (times < 1 || times > 1_000_000) {
      throw new IllegalArgumentException(
          "'times' must be a whole number from 1 to 1000000, not " + body.times());
    }
    String op = required("op", body.op(), ClientText.NAME);
    if (!OPS.contains(op)) {
      throw new IllegalArgumentException("'op' must be one of " + OPS + ", not '" + op + "'");
    }
    FailRule rule =
        new FailRule(
            op,
            ClientText.HOSTNAME.check("node", body.node()),
            ClientText.NAME.check("instance", body.instance()),
            (int) times);
    sim.inject(rule);
    return new SimFail(rule.op(), rule.node(), rule.instance(), (long) rule.times());
  }

  /** Adds or removes a tag on a node, an instance, a group or the cluster. */
  SimTag tag(SimTag body) {
    TaggedObject object = taggedObject(body);
    String tag = required("tag", body.tag(), ClientText.TAG);
    if (sim.snapshot().tagsOf(object).isEmpty()) {
      throw new IllegalArgumentException(
          "no "
              + object.kind().name().toLowerCase(Locale.ROOT)
              + " '"
              + object.name()
              + "' in the simulated cluster");
    }
    switch (required("action", body.action(), ClientText.NAME)) {
      case "add" -> sim.addTags(object, List.of(tag));
      case "remove" -> sim.removeTags(object, List.of(tag));
      default -> throw new IllegalArgumentException("'action' must be add or remove");
    }
    List<String> tags = sim.snapshot().tagsOf(object).orElseThrow();
    return switch (object.kind()) {
      case CLUSTER -> new SimTag(null, null, null, true, null, null, tags);
      case NODE -> new SimTag(object.name(), null, null, null, null, null, tags);
      case INSTANCE -> new SimTag(null, object.name(), null, null, null, null, tags);
      case GROUP -> new SimTag(null, null, object.name(), null, null, null, tags);
    };
  }

  private static TaggedObject taggedObject(SimTag body) {
    if (Boolean.TRUE.equals(body.cluster())) {
      return TaggedObject.cluster();
    }
    if (body.node() != null) {
      return new TaggedObject(
          TaggedObject.Kind.NODE, ClientText.HOSTNAME.check("node", body.node()));
    }
    if (body.instance() != null) {
      return new TaggedObject(
          TaggedObject.Kind.INSTANCE, ClientText.NAME.check("instance", body.instance()));
    }
    if (body.group() != null) {
      return new TaggedObject(
          TaggedObject.Kind.GROUP, ClientText.NAME.check("group", body.group()));
    }
    throw new IllegalArgumentException(
        "say what to tag: 'node', 'instance', 'group' or \"cluster\": true");
  }

  /** Sets an instance's run state: a crash, a shutdown from inside, or running again. */
  SimInstance instance(SimInstance body) {
    String name = required("instance", body.instance(), ClientText.NAME);
    InstanceStatus status;
    try {
      status = InstanceStatus.parse(required("status", body.status(), ClientText.NAME));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "'status' must be one of "
              + java.util.Arrays.toString(InstanceStatus.values())
              + ", not '"
              + body.status()
              + "'");
    }
    Cluster after =
        byHand(
            "instance " + Escaped.of(name) + " now " + status,
            c -> SimDisks.withStatus(c, name, status));
    return new SimInstance(name, after.instance(name).orElseThrow().status().name());
  }

  /**
   * Sets a node drained or offline, or neither, as an operator does by hand (Ganeti's own refusals
   * hold: not the master, not offline with primary instances).
   */
  SimNode node(SimNode body) {
    String node = known(required("node", body.node(), ClientText.HOSTNAME));
    if (body.drained() == null && body.offline() == null) {
      throw new IllegalArgumentException("say what to set: 'drained', 'offline' or both");
    }
    Operation.SetNodeFlags flags =
        new Operation.SetNodeFlags(
            node, Optional.ofNullable(body.drained()), Optional.ofNullable(body.offline()));
    Node after =
        byHand("node " + node + flags(body), c -> new SimOperations().apply(c, flags))
            .node(node)
            .orElseThrow();
    return new SimNode(node, after.drained(), after.offline());
  }

  private static String flags(SimNode body) {
    return (body.drained() == null ? "" : " drained " + body.drained())
        + (body.offline() == null ? "" : " offline " + body.offline());
  }

  private Cluster byHand(String what, java.util.function.UnaryOperator<Cluster> change) {
    try {
      return sim.byHand(what, change);
    } catch (SimFailure e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  /** Powers on a node that stays off after a reboot (an injected {@code boot} failure). */
  SimPowerOn powerOn(SimPowerOn body) {
    String node = known(required("node", body.node(), ClientText.HOSTNAME));
    try {
      sim.powerOn(node);
    } catch (BackendException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    return new SimPowerOn(node, true);
  }

  List<SimJobView> jobs() {
    return sim.jobs().stream()
        .map(
            j ->
                new SimJobView(
                    j.id(),
                    j.status().wireName(),
                    j.message(),
                    j.spec().operations(),
                    List.of(
                        List.of(
                            j.spec().reason().source(),
                            j.spec().reason().text(),
                            j.spec().reason().timestampNanos())),
                    j.spec().key(),
                    Times.seconds(j.submitted()),
                    Times.seconds(j.ends())))
        .toList();
  }

  private String known(String node) {
    if (sim.snapshot().node(node).isEmpty()) {
      throw new IllegalArgumentException("no node '" + node + "' in the simulated cluster");
    }
    return node;
  }

  /** {@code value} of {@code field}, given and of {@code rule}'s bounds and alphabet. */
  private static String required(String field, String value, ClientText rule) {
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(
          "field '" + field + "' is missing or not a non-empty string");
    }
    return rule.check(field, value);
  }

  /** What a diagnose script prints as its details: any JSON of at most {@link #MAX_DETAILS}. */
  private static Object details(Object details) {
    int size = Json.write(details).getBytes(StandardCharsets.UTF_8).length;
    if (size > MAX_DETAILS) {
      throw new IllegalArgumentException(
          "'details' is " + size + " bytes of JSON: at most " + MAX_DETAILS + " are taken");
    }
    return details;
  }
}
