package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.maintd.balance.NodeSpec.expected;
import static org.maintd.balance.NodeSpec.instance;
import static org.maintd.balance.NodeSpec.named;
import static org.maintd.balance.NodeSpec.node;
import static org.maintd.balance.NodeSpec.sums;
import static org.maintd.balance.NodeSpec.text;
import static org.maintd.balance.NodeSpec.words;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checks hbal makes when an instance is put on a node, as tables over {@link NodeSpec}'s
 * baseline node and instance: whether the node takes the instance when the balancer is strict and
 * when it forces the move (a move off an offline node), and what the node's running sums become.
 */
class NodeOpsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                          | node                                    | instance                      | strict | forced
          an instance that fits is taken                                  |                                         |                               | true   | true
          memory left at exactly zero is refused even when forced        | nMem=9000                               |                               | false  | false
          one MiB of memory left is enough                                | nMem=9000 fMemForth=9000                | mem=999                       | true   | true
          a stopped instance needs no free memory now                     | nMem=9500                               | status=ADMIN_down             | true   | true
          a running instance of the same size does                        | nMem=9500                               |                               | false  | false
          memory the node misses counts as used                           | nMem=7000 xMem=1000 iMem=1000           |                               | false  | false
          memory the node reports as extra gives no room                  | nMem=8000 xMem=-1000 iMem=1000          |                               | false  | false
          local disk left at exactly zero is refused even when forced     | fDsk=1000                               |                               | false  | false
          one MiB of local disk left is enough                            | fDsk=1001                               |                               | true   | true
          shared storage needs no local disk                              | fDsk=500 fDskForth=500                  | template=rbd                  | true   | true
          plain storage needs local disk                                  | fDsk=500                                | template=plain                | false  | false
          exclusive storage: the last free spindles may be taken          | exclusive=Y fSpindles=2                 | spindles=2                    | true   | true
          exclusive storage: one spindle too many is refused, even forced  | exclusive=Y fSpindles=2                 | spindles=3                    | false  | false
          exclusive storage: an instance of unknown spindles is refused   | exclusive=Y fSpindles=2                 | spindles=-                    | false  | false
          exclusive storage: an instance of no spindles fits a full node  | exclusive=Y fSpindles=0                 | spindles=0                    | true   | true
          exclusive storage: shared storage needs no spindles             | exclusive=Y fSpindles=0                 | template=rbd                  | true   | true
          exclusive storage has no spindle-use limit                      | exclusive=Y fSpindles=5 instSpindles=9 instSpindlesForth=9 | spindles=1 | true | true
          the spindle-use limit may be reached                            | instSpindles=7 instSpindlesForth=7      |                               | true   | true
          the spindle-use limit may not be passed unless forced           | instSpindles=8                          |                               | false  | true
          the spindle-use limit does not bind shared storage              | instSpindles=9 instSpindlesForth=9      | template=rbd                  | true   | true
          the forthcoming spindle-use limit may not be passed unless forced | instSpindlesForth=8                   |                               | false  | true
          N+1: a node left with exactly its reserve is refused unless forced | nMem=8500 rMem=500                   |                               | false  | true
          N+1: one MiB above the reserve is enough                        | nMem=8499 rMem=500                      |                               | true   | true
          N+1: a node that fails N+1 already may take more                | nMem=8500 rMem=5000 failN1=Y            |                               | true   | true
          N+1: a stopped instance does not break it                       | nMem=8500 rMem=1400                     | status=ADMIN_down             | true   | true
          N+1: a running instance of the same size does                   | nMem=8500 rMem=1400                     |                               | false  | true
          the vCPU ratio may be reached                                   | uCpu=15 uCpuForth=15                    |                               | true   | true
          the vCPU ratio may not be passed unless forced                  | uCpu=16                                 |                               | false  | true
          the vCPU ratio counts the instance's vCPUs                      | uCpu=14 uCpuForth=14                    | vcpus=3                       | false  | true
          a vCPU ratio of 0 allows no vCPU                                | vcpuRatio=0                             |                               | false  | true
          a vCPU ratio of 0 counts the forthcoming vCPUs                  | vcpuRatio=0 uCpuForth=1                 | vcpus=0                       | false  | true
          a negative vCPU ratio is no limit                               | vcpuRatio=-1 uCpu=100 uCpuForth=100     |                               | true   | true
          an offline instance's vCPUs do not count                        | uCpu=16 uCpuForth=16                    | status=ADMIN_offline          | true   | true
          the forthcoming vCPU ratio may not be passed unless forced      | uCpuForth=16                            |                               | false  | true
          an exclusion tag already on the node is refused unless forced   | tags=ex:a                               | tags=ex:a                     | false  | true
          another exclusion tag is taken                                 | tags=ex:a                               | tags=ex:b                     | true   | true
          forthcoming memory left at zero is refused unless forced        | fMemForth=1000                          |                               | false  | true
          one MiB of forthcoming memory left is enough                    | fMemForth=1001                          |                               | true   | true
          a stopped instance still needs forthcoming memory               | fMemForth=1000                          | status=ADMIN_down             | false  | true
          forthcoming disk left at zero is refused unless forced          | fDskForth=1000                          |                               | false  | true
          one MiB of forthcoming disk left is enough                      | fDskForth=1001                          |                               | true   | true
          shared storage needs no forthcoming disk                        | fDskForth=500                           | template=rbd                  | true   | true
          """)
  void anInstanceIsTakenAsPrimaryOnlyWhereItFits(
      String what, String node, String instance, boolean strict, boolean forced) {
    assertAddPrimary(node, instance, strict, forced);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                          | node                                    | instance                      | strict | forced
          a forthcoming instance that fits is taken                       |                                         | forthcoming=Y                 | true   | true
          a forthcoming instance needs no memory, disk or spindles now    | nMem=9000 fDsk=0 exclusive=Y            | forthcoming=Y                 | true   | true
          a forthcoming instance ignores the present vCPU ratio and N+1   | uCpu=100 rMem=9000                      | forthcoming=Y                 | true   | true
          forthcoming memory left at zero is refused unless forced        | fMemForth=1000                          | forthcoming=Y                 | false  | true
          one MiB of forthcoming memory left is enough                    | fMemForth=1001                          | forthcoming=Y                 | true   | true
          forthcoming disk left at zero is refused unless forced          | fDskForth=1000                          | forthcoming=Y                 | false  | true
          one MiB of forthcoming disk left is enough                      | fDskForth=1001                          | forthcoming=Y                 | true   | true
          shared storage needs no forthcoming disk                        | fDskForth=500                           | forthcoming=Y template=rbd    | true   | true
          the forthcoming spindle-use limit may be reached                | instSpindlesForth=7                     | forthcoming=Y                 | true   | true
          the forthcoming spindle-use limit may not be passed unless forced | instSpindlesForth=8                   | forthcoming=Y                 | false  | true
          the forthcoming spindle-use limit does not bind shared storage  | instSpindlesForth=9                     | forthcoming=Y template=rbd    | true   | true
          exclusive storage has no forthcoming spindle-use limit          | instSpindlesForth=9 exclusive=Y         | forthcoming=Y                 | true   | true
          the forthcoming vCPU ratio may be reached                       | uCpuForth=15                            | forthcoming=Y                 | true   | true
          the forthcoming vCPU ratio may not be passed unless forced      | uCpuForth=16                            | forthcoming=Y                 | false  | true
          a vCPU ratio of 0 allows no forthcoming vCPU                    | vcpuRatio=0                             | forthcoming=Y                 | false  | true
          a negative vCPU ratio is no limit for a forthcoming instance    | vcpuRatio=-1 uCpuForth=100              | forthcoming=Y                 | true   | true
          an offline forthcoming instance's vCPUs do not count            | uCpuForth=16                            | forthcoming=Y status=ADMIN_offline | true | true
          exclusion tags are not checked for a forthcoming instance       | tags=ex:a                               | forthcoming=Y tags=ex:a       | true   | true
          """)
  void aForthcomingInstanceIsCheckedOnlyAgainstTheForthcomingSums(
      String what, String node, String instance, boolean strict, boolean forced) {
    assertAddPrimary(node, instance, strict, forced);
  }

  private static void assertAddPrimary(
      String node, String instance, boolean strict, boolean forced) {
    for (boolean force : new boolean[] {false, true}) {
      NodeState n = node(node);
      Map<String, Object> before = sums(n);
      boolean taken = NodeOps.addPrimary(n, instance(instance), force, 0);
      assertEquals(force ? forced : strict, taken, force ? "forced" : "strict");
      if (!taken) {
        assertEquals(before, sums(n), "a refused instance leaves the node as it was");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                  | node                              | instance                                  | sums after (the rest as before)
          a running instance uses memory, disk, vCPUs, spindles   |                                   | vcpus=2 spindleUse=3                      | iMem=1000 fMemForth=8000 fDsk=9000 fDskForth=9000 uCpu=2 uCpuForth=2 instSpindles=3.0 instSpindlesForth=3.0 primaries=1
          a stopped instance uses no memory now, but forthcoming  |                                   | vcpus=2 status=ADMIN_down                 | fMemForth=8000 fDsk=9000 fDskForth=9000 uCpu=2 uCpuForth=2 instSpindles=1.0 instSpindlesForth=1.0 primaries=1
          an offline instance uses no vCPU                        |                                   | vcpus=2 status=ADMIN_offline              | fMemForth=8000 fDsk=9000 fDskForth=9000 instSpindles=1.0 instSpindlesForth=1.0 primaries=1
          shared storage uses no local disk nor spindles          | instSpindles=2 instSpindlesForth=2 | template=rbd                             | iMem=1000 fMemForth=8000 uCpu=1 uCpuForth=1 primaries=1
          exclusive storage uses free spindles, not spindle use   | exclusive=Y fSpindles=5           | spindles=2                                | iMem=1000 fMemForth=8000 fDsk=9000 fDskForth=9000 fSpindles=3 uCpu=1 uCpuForth=1 instSpindles=0.0 instSpindlesForth=0.0 primaries=1
          a forthcoming instance changes only the forthcoming sums |                                  | vcpus=2 forthcoming=Y                     | fMemForth=8000 fDskForth=9000 uCpuForth=2 instSpindlesForth=1.0
          a forthcoming offline instance on shared storage uses forthcoming memory only | instSpindlesForth=2 | vcpus=2 forthcoming=Y status=ADMIN_offline template=rbd | fMemForth=8000
          a forthcoming instance on exclusive storage uses no spindles | exclusive=Y fSpindles=5      | forthcoming=Y spindles=2                  | fMemForth=8000 fDskForth=9000 uCpuForth=1 instSpindlesForth=0.0
          an instance's exclusion tags are counted on the node     | tags=ex:a                         | tags=ex:a,ex:b                            | iMem=1000 fMemForth=8000 fDsk=9000 fDskForth=9000 uCpu=1 uCpuForth=1 instSpindles=1.0 instSpindlesForth=1.0 primaries=1 exclusionTags={ex:a=2,ex:b=1}
          a forthcoming instance's exclusion tags are counted too  | tags=ex:a                         | tags=ex:a,ex:b forthcoming=Y               | fMemForth=8000 fDskForth=9000 uCpuForth=1 instSpindlesForth=1.0 exclusionTags={ex:a=2,ex:b=1}
          a node left at its reserve fails N+1 when forced         | nMem=8500 rMem=500                |                                           | iMem=1000 fMemForth=8000 fDsk=9000 fDskForth=9000 uCpu=1 uCpuForth=1 instSpindles=1.0 instSpindlesForth=1.0 primaries=1 failN1=true
          """)
  void aPrimaryChangesTheNodesSumsAndRemovingItRestoresThem(
      String what, String node, String instance, String after) {
    NodeState n = node(node);
    BalanceInstance i = instance(instance);
    Map<String, Object> before = sums(n);
    assertEquals(true, NodeOps.addPrimary(n, i, true, 0));
    assertEquals(expected(before, after), text(sums(n)), "after adding");
    NodeOps.removePrimary(n, i, 0);
    assertEquals(before, sums(n), "after removing");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                        | node that holds the instance         | instance           | sums after
          a primary gives back its memory, disk, vCPUs and spindles     | iMem=1000 fMemForth=8000 fDsk=9000 fDskForth=9000 uCpu=2 uCpuForth=2 instSpindles=3 instSpindlesForth=3 primaries=1 | vcpus=2 spindleUse=3 | iMem=0 fMemForth=9000 fDsk=10000 fDskForth=10000 uCpu=0 uCpuForth=0 instSpindles=0.0 instSpindlesForth=0.0 primaries=0 failN1=false
          a stopped primary gives back forthcoming memory only          | iMem=1000 fMemForth=7000             | status=ADMIN_down  | iMem=1000 fMemForth=8000
          an offline primary gives back no vCPU                         | uCpu=2 uCpuForth=2                   | vcpus=2 status=ADMIN_offline | uCpu=2 uCpuForth=2
          a primary on shared storage gives back no disk nor spindles   | fDsk=5000 fDskForth=5000 instSpindles=2 instSpindlesForth=2 | template=rbd | fDsk=5000 fDskForth=5000 instSpindles=2.0 instSpindlesForth=2.0
          a node back at exactly its reserve fails N+1                  | nMem=8000 iMem=1000 rMem=2000        |                    | iMem=0 failN1=true
          a node one MiB above its reserve passes N+1                   | nMem=7999 iMem=1000 rMem=2000 failN1=Y |                  | iMem=0 failN1=false
          an instance of unknown spindles gives back no spindle         | exclusive=Y fSpindles=3              | spindles=-         | fSpindles=3 instSpindles=0.0 instSpindlesForth=0.0
          an instance gives back its spindles on exclusive storage      | exclusive=Y fSpindles=3              | spindles=2         | fSpindles=5 instSpindles=0.0 instSpindlesForth=0.0
          a forthcoming primary gives back the forthcoming sums only    | iMem=1000 fDsk=9000 uCpu=2 primaries=1 fMemForth=8000 fDskForth=9000 uCpuForth=2 instSpindlesForth=3 tags=ex:a | vcpus=2 spindleUse=3 forthcoming=Y tags=ex:a | iMem=1000 fDsk=9000 uCpu=2 primaries=1 fMemForth=9000 fDskForth=10000 uCpuForth=0 instSpindlesForth=0.0 exclusionTags={}
          a forthcoming primary on shared storage gives back no disk    | fMemForth=8000 uCpuForth=2 fDskForth=9000 instSpindlesForth=3 | vcpus=2 forthcoming=Y template=rbd | fMemForth=9000 uCpuForth=0 fDskForth=9000 instSpindlesForth=3.0
          a forthcoming offline primary gives back no vCPU              | fMemForth=8000 uCpuForth=2 fDskForth=9000 instSpindlesForth=1 | vcpus=2 forthcoming=Y status=ADMIN_offline | fMemForth=9000 uCpuForth=2 fDskForth=10000 instSpindlesForth=0.0
          a forthcoming primary on exclusive storage uses no spindles   | exclusive=Y fMemForth=8000 instSpindlesForth=0 | forthcoming=Y | instSpindlesForth=0.0
          """)
  void removingAPrimaryGivesBackWhatItUsed(
      String what, String node, String instance, String after) {
    NodeState n = node(node);
    NodeOps.removePrimary(n, instance(instance), 0);
    assertEquals(words(after), named(sums(n), after));
  }

  @Test
  void exclusionTagsCountPerInstanceAndLeaveWithTheLast() {
    NodeState n = node("");
    BalanceInstance one = instance("tags=ex:a");
    BalanceInstance two = instance("tags=ex:a,ex:b");
    BalanceInstance soon = instance("tags=ex:a forthcoming=Y");
    NodeOps.addPrimary(n, one, true, 0);
    NodeOps.addPrimary(n, two, true, 0);
    NodeOps.addPrimary(n, soon, true, 0);
    assertEquals(Map.of("ex:a", 3, "ex:b", 1), n.exclusionTags);
    NodeOps.removePrimary(n, soon, 0);
    assertEquals(Map.of("ex:a", 2, "ex:b", 1), n.exclusionTags);
    NodeOps.removePrimary(n, two, 0);
    assertEquals(Map.of("ex:a", 1), n.exclusionTags);
    NodeOps.addPrimary(n, soon, true, 0);
    assertEquals(Map.of("ex:a", 2), n.exclusionTags);
    NodeOps.removePrimary(n, one, 0);
    NodeOps.removePrimary(n, soon, 0);
    assertEquals(Map.of(), n.exclusionTags);
  }

  @Test
  void locationExclusionCountsTagsPerLocationOfTheNode() {
    NodeState n = node("locations=loc:x,loc:y");
    BalanceInstance one = instance("tags=ex:a");
    BalanceInstance two = instance("tags=ex:a,ex:b");
    NodeOps.addPrimary(n, one, true, 0);
    assertEquals(Map.of("loc:x\u0000ex:a", 1, "loc:y\u0000ex:a", 1), n.locationExclusion);
    NodeOps.addPrimary(n, two, true, 0);
    assertEquals(
        Map.of(
            "loc:x\u0000ex:a", 2, "loc:y\u0000ex:a", 2, "loc:x\u0000ex:b", 1, "loc:y\u0000ex:b", 1),
        n.locationExclusion);
    NodeOps.removePrimary(n, one, 0);
    assertEquals(
        Map.of(
            "loc:x\u0000ex:a", 1, "loc:y\u0000ex:a", 1, "loc:x\u0000ex:b", 1, "loc:y\u0000ex:b", 1),
        n.locationExclusion);
    NodeOps.removePrimary(n, two, 0);
    assertEquals(Map.of(), n.locationExclusion);
  }

  @Test
  void theLocationScoreOfAPrimaryAddsUpOnItsNode() {
    NodeState n = node("");
    BalanceInstance one = instance("");
    BalanceInstance two = instance("");
    NodeOps.addPrimary(n, one, false, 2);
    NodeOps.addPrimary(n, two, false, 3);
    assertEquals(5, n.locationScore);
    NodeOps.removePrimary(n, one, 2);
    assertEquals(3, n.locationScore);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                           | node                                   | instance                 | ignore disks | strict | forced
          a DRBD secondary that fits is taken                              |                                        |                          | false | true  | true
          only an internally mirrored instance has a secondary             |                                        | template=rbd             | false | false | false
          a plain instance has no secondary                                |                                        | template=plain           | false | false | false
          disk left at exactly zero is refused even when forced            | fDsk=1000                              |                          | false | false | false
          one MiB of disk left is enough                                   | fDsk=1001                              |                          | false | true  | true
          the disk is not checked where it is ignored                      | fDsk=500                               |                          | true  | true  | true
          exclusive storage: the last free spindles may be taken           | exclusive=Y fSpindles=2                | spindles=2               | false | true  | true
          exclusive storage: one spindle too many is refused, even forced   | exclusive=Y fSpindles=2                | spindles=3               | false | false | false
          exclusive storage: an instance of unknown spindles is refused    | exclusive=Y fSpindles=2                | spindles=-               | false | false | false
          exclusive storage has no spindle-use limit                       | exclusive=Y fSpindles=5 instSpindles=9 instSpindlesForth=9 | spindles=1 | false | true | true
          the spindle-use limit may be reached                             | instSpindles=7 instSpindlesForth=7     |                          | false | true  | true
          the spindle-use limit may not be passed unless forced            | instSpindles=8                         |                          | false | false | true
          the forthcoming spindle-use limit may not be passed unless forced | instSpindlesForth=8                   |                          | false | false | true
          the instance's memory must be less than the free memory          | nMem=9000 rMem=2000 failN1=Y           |                          | false | false | true
          N+1: a reserve that leaves no memory is refused unless forced    | nMem=8500 peers=7:500 rMem=500         |                          | false | false | true
          N+1: one MiB more than the reserve is enough                     | nMem=8499 peers=7:500 rMem=500         |                          | false | true  | true
          N+1: only memory reserved for the same primary adds up           | nMem=8500 peers=3:500 rMem=500         |                          | false | true  | true
          N+1: a node that fails N+1 already may take more                 | nMem=8500 peers=7:500 rMem=1600 failN1=Y |                        | false | true  | true
          N+1: a stopped instance reserves memory too                      | nMem=8500 peers=7:500 rMem=500         | status=ADMIN_down        | false | false | true
          N+1: an offline instance reserves no memory                      | nMem=9000 peers=7:500 rMem=500         | status=ADMIN_offline     | false | true  | true
          N+1: an instance not auto-balanced reserves no memory            | nMem=9000 peers=7:500 rMem=500         | autoBalance=N            | false | true  | true
          forthcoming memory must hold the instance unless forced          | fMemForth=1000                         |                          | false | false | true
          one MiB more forthcoming memory is enough                        | fMemForth=1001                         |                          | false | true  | true
          an offline instance needs no forthcoming memory                  | fMemForth=1000                         | status=ADMIN_offline     | false | true  | true
          forthcoming disk left at zero is refused unless forced           | fDskForth=1000                         |                          | false | false | true
          forthcoming disk is checked where the disk is ignored            | fDsk=500 fDskForth=1000                |                          | true  | false | true
          one MiB of forthcoming disk left is enough                       | fDskForth=1001                         |                          | false | true  | true
          """)
  void anInstanceIsTakenAsSecondaryOnlyWhereItFits(
      String what,
      String node,
      String instance,
      boolean ignoreDisks,
      boolean strict,
      boolean forced) {
    assertAddSecondary(node, instance, ignoreDisks, strict, forced);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                           | node                                   | instance                                | strict | forced
          a forthcoming secondary that fits is taken                       |                                        | forthcoming=Y                           | true   | true
          a forthcoming secondary needs no memory or disk now              | nMem=9000 fDsk=0 rMem=5000             | forthcoming=Y                           | true   | true
          only an internally mirrored forthcoming instance has a secondary |                                        | forthcoming=Y template=rbd              | false  | false
          forthcoming disk left at zero is refused unless forced           | fDskForth=1000                         | forthcoming=Y                           | false  | true
          one MiB of forthcoming disk left is enough                       | fDskForth=1001                         | forthcoming=Y                           | true   | true
          the forthcoming spindle-use limit may be reached                 | instSpindlesForth=7                    | forthcoming=Y                           | true   | true
          the forthcoming spindle-use limit may not be passed unless forced | instSpindlesForth=8                   | forthcoming=Y                           | false  | true
          exclusive storage has no forthcoming spindle-use limit           | exclusive=Y instSpindlesForth=9        | forthcoming=Y                           | true   | true
          forthcoming memory must hold the instance unless forced          | fMemForth=1000                         | forthcoming=Y                           | false  | true
          one MiB more forthcoming memory is enough                        | fMemForth=1001                         | forthcoming=Y                           | true   | true
          an offline forthcoming instance needs no forthcoming memory      | fMemForth=1000                         | forthcoming=Y status=ADMIN_offline      | true   | true
          """)
  void aForthcomingSecondaryIsCheckedOnlyAgainstTheForthcomingSums(
      String what, String node, String instance, boolean strict, boolean forced) {
    assertAddSecondary(node, instance, false, strict, forced);
  }

  private static void assertAddSecondary(
      String node, String instance, boolean ignoreDisks, boolean strict, boolean forced) {
    for (boolean force : new boolean[] {false, true}) {
      NodeState n = node(node);
      Map<String, Object> before = sums(n);
      boolean taken = NodeOps.addSecondary(n, instance(instance), 7, force, ignoreDisks);
      assertEquals(force ? forced : strict, taken, force ? "forced" : "strict");
      if (!taken) {
        assertEquals(before, sums(n), "a refused instance leaves the node as it was");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                        | node                                  | instance                  | sums after (the rest as before)
          a secondary reserves memory for its primary and uses disk     |                                       | spindleUse=3              | peers={7=1000} rMem=1000 fDsk=9000 fDskForth=9000 instSpindles=3.0 instSpindlesForth=3.0 secondaries=1
          reserves for one primary add up                               | peers=7:500,3:800 rMem=800            |                           | peers={3=800,7=1500} rMem=1500 fDsk=9000 fDskForth=9000 instSpindles=1.0 instSpindlesForth=1.0 secondaries=1
          the reserve is the largest of the primaries'                  | peers=3:2500 rMem=2500                |                           | peers={3=2500,7=1000} fDsk=9000 fDskForth=9000 instSpindles=1.0 instSpindlesForth=1.0 secondaries=1
          an offline instance reserves nothing                          |                                       | status=ADMIN_offline      | peers={7=0} fDsk=9000 fDskForth=9000 instSpindles=1.0 instSpindlesForth=1.0 secondaries=1
          a node left with no more than the reserve fails N+1           | nMem=9000                             |                           | peers={7=1000} rMem=1000 failN1=true fDsk=9000 fDskForth=9000 instSpindles=1.0 instSpindlesForth=1.0 secondaries=1
          exclusive storage uses free spindles, not spindle use         | exclusive=Y fSpindles=5               | spindles=2                | peers={7=1000} rMem=1000 fDsk=9000 fDskForth=9000 fSpindles=3 instSpindles=0.0 instSpindlesForth=0.0 secondaries=1
          a forthcoming secondary changes only the forthcoming sums     |                                       | forthcoming=Y spindleUse=2 | fDskForth=9000 instSpindlesForth=2.0
          a forthcoming secondary on exclusive storage uses no spindles | exclusive=Y                           | forthcoming=Y             | fDskForth=9000 instSpindlesForth=0.0
          """)
  void aSecondaryChangesTheNodesSumsAndRemovingItRestoresThem(
      String what, String node, String instance, String after) {
    NodeState n = node(node);
    BalanceInstance i = instance(instance);
    Map<String, Object> before = sums(n);
    assertEquals(true, NodeOps.addSecondary(n, i, 7, true, false));
    assertEquals(expected(before, after), text(sums(n)), "after adding");
    NodeOps.removeSecondary(n, i, 7);
    assertEquals(before, sums(n), "after removing");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                          | node that holds the instance                 | instance             | sums after
          a secondary gives back its disk, spindle use and reservation    | fDsk=9000 fDskForth=9000 instSpindles=3 instSpindlesForth=3 peers=7:1000 rMem=1000 secondaries=1 | spindleUse=2 | fDsk=10000 fDskForth=10000 instSpindles=1.0 instSpindlesForth=1.0 peers={} rMem=0 secondaries=0 failN1=false
          the reserve falls to the next largest when the largest leaves   | peers=7:1000,3:600 rMem=1000                 |                      | peers={3=600} rMem=600
          the reserve stays when a smaller one shrinks                    | peers=7:1500,3:2000 rMem=2000                |                      | peers={3=2000,7=500} rMem=2000
          an offline secondary's reservation stays                        | peers=7:1000 rMem=1000                       | status=ADMIN_offline | peers={7=1000} rMem=1000
          a node still at exactly its reserve fails N+1                   | nMem=9400 peers=7:1000,3:600 rMem=1000 failN1=Y |                   | rMem=600 failN1=true
          a node one MiB above its new reserve passes N+1                 | nMem=9399 peers=7:1000,3:600 rMem=1000 failN1=Y |                   | rMem=600 failN1=false
          an instance of unknown spindles gives back no spindle           | exclusive=Y fSpindles=3 peers=7:1000 rMem=1000 | spindles=-         | fSpindles=3 instSpindles=0.0 instSpindlesForth=0.0
          an instance gives back its spindles on exclusive storage        | exclusive=Y fSpindles=3 peers=7:1000 rMem=1000 | spindles=2         | fSpindles=5 instSpindles=0.0 instSpindlesForth=0.0
          a forthcoming secondary gives back forthcoming disk and spindles only | fDsk=9000 fDskForth=9000 instSpindles=3 instSpindlesForth=3 peers=7:1000 rMem=1000 secondaries=1 | forthcoming=Y spindleUse=2 | fDsk=9000 fDskForth=10000 instSpindles=3.0 instSpindlesForth=1.0 peers={7=1000} rMem=1000 secondaries=1
          a forthcoming secondary on exclusive storage uses no spindles   | exclusive=Y fDskForth=9000                   | forthcoming=Y        | fDskForth=10000 instSpindlesForth=0.0
          """)
  void removingASecondaryGivesBackWhatItUsed(
      String what, String node, String instance, String after) {
    NodeState n = node(node);
    NodeOps.removeSecondary(n, instance(instance), 7);
    assertEquals(words(after), named(sums(n), after));
  }

  @ParameterizedTest(name = "from {0} to {1}: {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # source's migration tags | target's receiving tags | may migrate
                                    |                         | true
                                    | mig:a                   | true
          mig:a                     |                         | false
          mig:a                     | mig:a                   | true
          mig:a                     | mig:b                   | false
          mig:a,mig:b               | mig:a                   | false
          mig:a,mig:b               | mig:a,mig:b,mig:c       | true
          """)
  void instancesMigrateOnlyToNodesThatReceiveAllTheSourcesMigrationTags(
      String source, String target, boolean allowed) {
    NodeState s = node(source == null ? "" : "migTags=" + source);
    NodeState t = node(target == null ? "" : "recvMigTags=" + target);
    assertEquals(allowed, NodeOps.canMigrate(s, t));
  }

  @ParameterizedTest(name = "extra {0}")
  @CsvSource({"0, 6000", "300, 5700", "6000, 0"})
  void unallocatedMemoryIsTotalLessNodeInstancesExtraAndMissing(long extra, long expected) {
    NodeState n = node("tMem=10000 nMem=1000 iMem=2500 xMem=500");
    assertEquals(expected, n.unallocatedWith(extra));
    assertEquals(6000, n.unallocated());
    NodeState reporting = node("tMem=10000 nMem=1000 iMem=2500 xMem=-500");
    assertEquals(expected + 500, reporting.unallocatedWith(extra));
    assertEquals(6500, reporting.unallocated());
  }

  @Test
  void aCopyHasItsOwnSumsAndMaps() {
    NodeState n = node("peers=7:500 rMem=500 tags=ex:a locations=loc:x");
    NodeState c = n.copy();
    assertEquals(sums(n), sums(c));
    NodeOps.addPrimary(c, instance("tags=ex:a"), true, 1);
    NodeOps.addSecondary(c, instance(""), 7, true, false);
    assertEquals(sums(node("peers=7:500 rMem=500 tags=ex:a locations=loc:x")), sums(n));
  }

  @Test
  void setGivesAFreshSetToFill() {
    Set<String> one = NodeState.set();
    one.add("x");
    assertEquals(Set.of("x"), one);
    assertEquals(Set.of(), NodeState.set());
  }
}
