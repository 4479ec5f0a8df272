package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.cli.MaintctlTest.run;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cli.MaintctlTest.Run;

/**
 * {@code maintctl roll}'s options beyond planning from a text file: hroller's backends it does not
 * support are usage errors that say what to use, {@code --static-kvm-node-memory} is accepted, and
 * {@code --node-regex} selects nodes together with hroller's selections. {@code FILE} stands for
 * hroller's multiple-tags test data (nodes node-01-001 to node-01-006, tags red and blue).
 */
class RollOptionsTest {
  private static String[] args(String line) throws Exception {
    String file = RapiServer.resource("/hroller-cases/data/multiple-tags.data").toString();
    List<String> args = new ArrayList<>(List.of("roll"));
    for (String a : line.split(" ")) {
      args.add(a.equals("FILE") ? file : a);
    }
    return args.toArray(String[]::new);
  }

  @ParameterizedTest(name = "roll {0} -> {1}")
  @CsvSource(
      delimiter = ';',
      value = {
        "-L; 2; maintctl: -L (Luxi) is not supported: use -m or the daemon",
        "-L -t FILE; 2; maintctl: -L (Luxi) is not supported: use -m or the daemon",
        "--luxi=/var/run/ganeti/socket/ganeti-query; 2; -L (Luxi) is not supported",
        "-I request.json; 2; maintctl: -I (iAllocator request) is not supported: use -m or the daemon",
        "--ialloc-src=request.json; 2; -I (iAllocator request) is not supported",
        "-t FILE -m cluster; 2; Only one of the rapi, luxi, and data files options should be given.",
        "-S out; 2; -S needs -t or -m",
        "-t FILE --rapi-credentials x; 2; --rapi-credentials only go with -m",
        "-m http://[bad; 2; maintctl: -m: not a RAPI address: http://[bad",
        "-t FILE --node-regex node-(01; 2; maintctl: --node-regex: 'node-(01' is not a regular expression: Unclosed group",
        "-t FILE --static-kvm-node-memory lots; 2; Invalid value for option '--static-kvm-node-memory'",
        "-t FILE --node-regex (; 2; try 'maintctl roll --help'",
      })
  void usageErrorsSayWhatToDo(String line, int code, String err) throws Exception {
    Run r = run(args(line));
    assertEquals(code, r.code(), r.err());
    assertTrue(r.err().contains(err), r.err());
    assertEquals("", r.out());
  }

  @ParameterizedTest(name = "roll {0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "-t FILE --no-headers; node-01-002,node-01-004,node-01-006|node-01-003,node-01-005,node-01-001",
        "-t FILE --no-headers --static-kvm-node-memory 2048; node-01-002,node-01-004,node-01-006|node-01-003,node-01-005,node-01-001",
        "-t FILE --no-headers --static-kvm-node-memory=0; node-01-002,node-01-004,node-01-006|node-01-003,node-01-005,node-01-001",
        "-t FILE --no-headers --node-regex 00[45]; node-01-004,node-01-005",
        "-t FILE --no-headers --node-regex ^node-01-00[1-3]$; node-01-002|node-01-003,node-01-001",
        "-t FILE --no-headers --node-regex 00[1-5] --node-tags=red; node-01-004,node-01-005,node-01-001",
        "-t FILE --no-headers --node-regex 00[1-4] --node-tags=red -O node-01-004; node-01-001",
      })
  void selectsAndPlans(String line, String groups) throws Exception {
    Run r = run(args(line));
    assertEquals(0, r.code(), r.err());
    assertEquals(groups.replace("|", "\n") + "\n", r.out());
  }

  /** As hroller answers node tags that no node has. */
  @ParameterizedTest(name = "roll {0}")
  @CsvSource({"-t FILE --node-regex nothing-matches", "-t FILE --node-regex=NODE-01-00[56]"})
  void aRegexMatchingNoNodeLeavesNothingToPlan(String line) throws Exception {
    Run r = run(args(line));
    assertEquals(1, r.code(), r.err());
    assertEquals("Error: Cannot create node graph\n", r.err());
  }
}
