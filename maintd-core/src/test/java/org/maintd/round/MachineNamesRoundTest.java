package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.incident.Observation;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.spi.MaintdState;
import org.maintd.testing.ClusterBuilder;

/**
 * Every machine command and check resolves the name it is given to one node, once, as {@link
 * org.maintd.cluster.NodeNamed} does (case aside, a short name its one qualified name), and goes on
 * with the node's own name: {@code down}, {@code up}, the schedule's posts and the check of reboot
 * requests all take the same names and refuse the same ones.
 */
class MachineNamesRoundTest {
  private static final String N2 = "n2.example.com";
  private final StepDriver d = new StepDriver();

  /** The cluster, n2 as its mode leaves it: drained when DRAIN, offline when DOWN. */
  private static Cluster cluster(MachineMode n2) {
    Cluster c =
        new ClusterBuilder()
            .node("n1.example.com", "g", 8192, 100000, true)
            .node(N2, "g", 8192, 100000, false)
            .node("n3.example.com", "g", 8192, 100000, false)
            .node("n4.a.example.com", "g", 8192, 100000, false)
            .node("n4.b.example.com", "g", 8192, 100000, false)
            .instance("i1", "n3.example.com", "", DiskTemplate.SHAREDFILE)
            .build();
    return c.withNode(
        N2,
        n ->
            n.withFlags(
                n.flags().withDrained(n2 != MachineMode.UP).withOffline(n2 == MachineMode.DOWN)));
  }

  private static Maintenance scheduled(String hostname, MachineMode mode) {
    Window w =
        new Window(
            List.of(MachineId.of(hostname)),
            StepDriver.T0.plus(Duration.ofDays(2)).getEpochSecond() * 1_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m = Maintenance.empty().withSchedule(new Schedule(List.of(w)));
    return mode == MachineMode.UP
        ? m
        : m.withMode(new MaintenanceMode(hostname, mode, StepDriver.T0, "test"));
  }

  /** The driver with {@code m} stored and a first tick of the cluster, every node Ok. */
  private void start(Maintenance m, MachineMode n2) {
    d.cluster = cluster(n2);
    d.state = RoundState.of(MaintdState.initial(StepDriver.T0).withMaintenance(m));
    Map<String, Observation> ok = new HashMap<>();
    d.cluster.nodes().forEach(n -> ok.put(n.name(), StepDriver.ok()));
    d.tick(ok);
  }

  private Reply run(Command c) {
    d.command(c);
    return d.reply();
  }

  private static void expect(Reply reply, String kind, String text) {
    if (kind.equals("ACCEPTED")) {
      assertInstanceOf(Reply.AfterEffects.class, reply, reply.toString());
      return;
    }
    Reply.Refused r = assertInstanceOf(Reply.Refused.class, reply, reply.toString());
    assertEquals(new Reply.Refused(Refusal.valueOf(kind), text), r);
  }

  private static final String AMBIGUOUS =
      "'%s' could be any of the nodes n4.a.example.com, n4.b.example.com: name one in full";

  @ParameterizedTest(name = "down {0} --force: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "n2 | ACCEPTED |",
        "N2 | ACCEPTED |",
        "n2.example.com | ACCEPTED |",
        "N2.Example.COM | ACCEPTED |",
        "n2.example | NOT_FOUND | no node n2.example in the cluster",
        "n9 | NOT_FOUND | no node n9 in the cluster",
        "n4 | BAD_REQUEST | ambiguous",
      })
  void downTakesTheNodeANameMeans(String name, String kind, String text) {
    start(scheduled(N2, MachineMode.DRAIN), MachineMode.DRAIN);
    Reply reply = run(new Command.MachinesDown(List.of(name), true, "ops"));
    expect(reply, kind, kind.equals("BAD_REQUEST") ? AMBIGUOUS.formatted(name) : text);
    if (kind.equals("ACCEPTED")) {
      assertEquals(
          List.of(Operation.SetNodeFlags.offline(N2)),
          StepDriver.submits(d.last).get(0).operations());
      assertEquals(MachineMode.DOWN, d.stored().maintenance().modeOf(N2));
    }
  }

  @ParameterizedTest(name = "up {0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "n2 | ACCEPTED |",
        "N2 | ACCEPTED |",
        "n2.EXAMPLE.com | ACCEPTED |",
        "n9 | NOT_FOUND | no node n9 in the cluster",
        "N4 | BAD_REQUEST | ambiguous",
      })
  void upBringsBackTheNodeANameMeans(String name, String kind, String text) {
    start(scheduled("N2", MachineMode.DOWN), MachineMode.DOWN);
    Reply reply = run(new Command.MachinesUp(List.of(name), false, "ops"));
    expect(reply, kind, kind.equals("BAD_REQUEST") ? AMBIGUOUS.formatted(name) : text);
    if (kind.equals("ACCEPTED")) {
      assertEquals(
          List.of(new Operation.SetNodeFlags(N2, Optional.of(false), Optional.of(false))),
          StepDriver.submits(d.last).get(0).operations());
      assertEquals(List.of(), d.stored().maintenance().schedule().machines(), "off the schedule");
    }
  }

  @ParameterizedTest(name = "a reboot request on the node holds {0} {1}")
  @CsvSource({"down, n2", "down, N2.EXAMPLE.COM", "up, n2", "up, n2.example.com"})
  void aRebootRequestOnTheNodeHoldsItWhateverNameTheCommandGives(String command, String name) {
    boolean up = command.equals("up");
    MachineMode mode = up ? MachineMode.UP : MachineMode.DRAIN;
    start(scheduled(N2, mode), mode);
    assertInstanceOf(
        Reply.Done.class,
        run(
            new Command.RequestReboot(
                new RebootAsk(
                    N2, RebootMode.SOFT, Optional.of("alpha"), "bios", false, true, "ops"))));
    Reply reply =
        run(
            up
                ? new Command.MachinesUp(List.of(name), true, "ops")
                : new Command.MachinesDown(List.of(name), true, "ops"));
    expect(
        reply,
        "CONFLICT",
        N2
            + " is under 1 reboot request(s), held by key(s) alpha: release them (maintctl"
            + " release) or cancel them (maintctl cancel-reboot) first");
  }

  @ParameterizedTest(name = "a schedule naming {0}: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "n2 | none",
        "N2.example.com | none",
        "n9 | machine 'n9' is no node of the cluster: kept in the schedule, shown as unknown until a"
            + " node of that name joins",
        "n4 | windows[0].machine_ids[0]: 'n4' could be any of the nodes n4.a.example.com,"
            + " n4.b.example.com: name one in full",
      })
  void aScheduleNamesMachinesAsTheCommandsDo(String name, String answer) {
    start(Maintenance.empty(), MachineMode.UP);
    Reply reply = run(new Command.PostSchedule(scheduled(name, MachineMode.UP).schedule(), "ops"));
    if (answer.startsWith("windows[0]")) {
      assertEquals(new Reply.Refused(Refusal.BAD_REQUEST, answer), reply);
      assertEquals(Schedule.empty(), d.stored().maintenance().schedule(), "nothing stored");
      return;
    }
    Answers.SchedulePosted posted =
        (Answers.SchedulePosted) assertInstanceOf(Reply.Done.class, reply).value();
    assertEquals(answer.equals("none") ? List.of() : List.of(answer), posted.warnings());
  }
}
