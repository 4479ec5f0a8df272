package org.maintd.daemon.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.testing.SystemdAnalyze;

/**
 * The systemd units of {@code etc/systemd/}, installed as the layout puts them into two scratch
 * roots (the units in {@code /lib/systemd/system}; in the second also the drop-ins {@code ha.conf}
 * and {@code ganeti.conf} in {@code /etc/systemd/system/maintd.service.d/}), each root holding the
 * layout's launchers and nothing else but the two system programs the units run: {@code
 * systemd-analyze verify} accepts every unit without a word (it would name a program that is not
 * there, an unknown key or a bad value), and {@code systemd-analyze security --offline=yes} scores
 * each service no worse than its bound. The bounds are the exposures measured with Debian 12's
 * systemd 252; another systemd weighs the settings otherwise. About 1 s: six runs of
 * systemd-analyze, each under 0.1 s, and the copies of the host's target units the units are
 * ordered by.
 */
class SystemdUnitsTest {
  private static final Path UNITS = Path.of("..", "etc", "systemd").toAbsolutePath().normalize();
  private static final List<String> UNIT_FILES =
      List.of(
          "maintd.service",
          "maintd-collector.service",
          "maintd-export.service",
          "maintd-export.timer");
  private static final List<String> DROP_INS = List.of("ha.conf", "ganeti.conf");

  /** The layout's launchers. */
  private static final List<String> LAUNCHERS =
      List.of("/usr/sbin/maintd", "/usr/sbin/maintd-collector", "/usr/bin/maintctl");

  /** The programs of the system that the units run besides them (the export's shell, install). */
  private static final List<String> SYSTEM_PROGRAMS = List.of("/bin/sh", "/usr/bin/install");

  private static final Pattern EXPOSURE =
      Pattern.compile("Overall exposure level for (\\S+): (\\d+\\.\\d) (\\S+)");

  @TempDir static Path tmp;
  static Path plain;
  static Path withDropIns;

  @BeforeAll
  static void installTheUnitsInScratchRoots() throws IOException {
    SystemdAnalyze.require();
    plain = scratchRoot(tmp.resolve("plain"), false);
    withDropIns = scratchRoot(tmp.resolve("drop-ins"), true);
  }

  @Test
  void verifyAcceptsEveryUnitWithoutAWord() throws Exception {
    SystemdAnalyze verify = verify(plain, UNIT_FILES);
    assertEquals(0, verify.code(), verify.out());
    assertEquals("", verify.out().strip());
  }

  @Test
  void verifyAcceptsTheDaemonWithTheHaAndGanetiDropInsWithoutAWord() throws Exception {
    SystemdAnalyze verify = verify(withDropIns, List.of("maintd.service"));
    assertEquals(0, verify.code(), verify.out());
    assertEquals("", verify.out().strip());
  }

  @ParameterizedTest(name = "{0} (drop-ins: {1}) at most {2}, {3}")
  @CsvSource({
    "maintd.service,           false, 1.3, OK",
    "maintd.service,           true,  1.3, OK",
    "maintd-export.service,    false, 1.3, OK",
    "maintd-collector.service, false, 8.7, EXPOSED",
  })
  void eachServiceIsExposedNoMoreThanItsBound(
      String unit, boolean dropIns, double bound, String label) throws Exception {
    Path root = dropIns ? withDropIns : plain;
    SystemdAnalyze security =
        SystemdAnalyze.run(
            "security",
            "--offline=yes",
            "--root=" + root,
            root.resolve("lib/systemd/system").resolve(unit).toString());
    Matcher m = EXPOSURE.matcher(security.out());
    assertTrue(m.find(), security.out());
    assertEquals(unit, m.group(1));
    double exposure = Double.parseDouble(m.group(2));
    assertTrue(
        exposure <= bound,
        unit
            + " is exposed "
            + exposure
            + ", more than its bound "
            + bound
            + ":\n"
            + notMet(security));
    assertEquals(label, m.group(3), security.out());
  }

  private static SystemdAnalyze verify(Path root, List<String> units) throws Exception {
    List<String> args = new ArrayList<>(List.of("verify", "--root=" + root, "--man=no"));
    units.forEach(u -> args.add(root.resolve("lib/systemd/system").resolve(u).toString()));
    return SystemdAnalyze.run(args.toArray(String[]::new));
  }

  /** The lines of the settings a unit does not meet (marked ✗), for the failure's message. */
  private static String notMet(SystemdAnalyze security) {
    return String.join("\n", security.out().lines().filter(l -> l.startsWith("\u2717")).toList());
  }

  private static Path scratchRoot(Path root, boolean dropIns) throws IOException {
    Path units = Files.createDirectories(root.resolve("lib/systemd/system"));
    for (String unit : UNIT_FILES) {
      Files.copy(UNITS.resolve(unit), units.resolve(unit));
    }
    if (dropIns) {
      Path dir = Files.createDirectories(root.resolve("etc/systemd/system/maintd.service.d"));
      for (String dropIn : DROP_INS) {
        Files.copy(UNITS.resolve("maintd.service.d").resolve(dropIn), dir.resolve(dropIn));
      }
    }
    Path targets = Files.createDirectories(root.resolve("usr/lib/systemd/system"));
    try (Stream<Path> host = Files.list(Path.of("/lib/systemd/system"))) {
      for (Path target : host.filter(p -> p.toString().endsWith(".target")).toList()) {
        Files.copy(target, targets.resolve(target.getFileName()));
      }
    }
    for (String program : SYSTEM_PROGRAMS) {
      assertTrue(Files.isExecutable(Path.of(program)), program + " is not on this machine");
    }
    for (String program : Stream.concat(LAUNCHERS.stream(), SYSTEM_PROGRAMS.stream()).toList()) {
      Path stub = root.resolve(program.substring(1));
      Files.createDirectories(stub.getParent());
      Files.writeString(stub, "#!/bin/sh\n");
      Files.setPosixFilePermissions(stub, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    return root;
  }
}
