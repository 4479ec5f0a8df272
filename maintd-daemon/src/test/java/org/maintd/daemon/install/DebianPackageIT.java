package org.maintd.daemon.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/package-deb as a real process, and the package it builds read with Debian's own tools:
 * its fields, every file of the installed layout in it with its mode (every one root's: the
 * package's postinst gives the user maintd what is its), the configurations as conffiles, and
 * lintian with neither an error nor a warning (its overrides say why each deviation is meant). Runs
 * as root only, as scripts/install does (Installer.requireRoot). About 40 s: the build of the
 * package (its xz compression of the jars) and lintian.
 */
class DebianPackageIT {
  @TempDir static Path out;
  static Path deb;

  @BeforeAll
  static void build() throws Exception {
    Installer.requireRoot();
    Installer.Run built = Installer.ok("package-deb", "--out", out.toString());
    deb = Path.of(built.lines().get(built.lines().size() - 1));
    assertTrue(Files.isRegularFile(deb), built.out());
  }

  static String field(String name) throws Exception {
    return Installer.run(List.of("dpkg-deb", "-f", deb.toString(), name)).out().strip();
  }

  /** Each path in the package (without its leading "."), with its owner and mode. */
  static Map<String, String> contents() throws Exception {
    Installer.Run listed = Installer.run(List.of("dpkg-deb", "--contents", deb.toString()));
    assertEquals(0, listed.exit(), listed.out());
    Map<String, String> paths = new TreeMap<>();
    for (String line : listed.lines()) {
      String[] f = line.trim().split("\\s+");
      String path = f[5].substring(1).replaceAll("/$", "");
      paths.put(path.isEmpty() ? "/" : path, f[1] + " " + f[0]);
    }
    return paths;
  }

  @Test
  void namesItselfAndWhatItNeeds() throws Exception {
    assertEquals("maintd", field("Package"));
    assertEquals("all", field("Architecture"));
    assertTrue(
        field("Version")
            .matches("\\d+\\.\\d+\\.\\d+(~snapshot)?\\.\\d{8}\\.[0-9a-f]{7}(\\.dirty)?"),
        field("Version"));
    assertTrue(field("Depends").startsWith("default-jre-headless"), field("Depends"));
    assertTrue(deb.getFileName().toString().equals("maintd_" + field("Version") + "_all.deb"));
  }

  @Test
  void holdsTheInstalledLayoutWithItsModesAllOwnedByRoot() throws Exception {
    Map<String, String> contents = contents();
    for (InstallIT.Entry e : InstallIT.LAYOUT) {
      String entry = contents.get(e.path());
      assertTrue(entry != null, e.path() + " is not in the package");
      String mode = (e.directory() ? "d" : "-") + symbolic(e.mode());
      assertEquals("root/root " + mode, entry, e.path());
    }
    for (String account : List.of("/etc/passwd", "/etc/group", "/etc/shadow", "/etc/gshadow")) {
      assertTrue(!contents.containsKey(account), account + " of the scratch root is packaged");
    }
    assertTrue(contents.containsKey("/usr/share/doc/maintd/copyright"));
    assertTrue(contents.containsKey("/usr/share/doc/maintd/changelog.gz"));
  }

  @Test
  void theConfigurationsAreConffiles() throws Exception {
    Path control = out.resolve("control");
    Installer.Run r =
        Installer.run(List.of("dpkg-deb", "--control", deb.toString(), control.toString()));
    assertEquals(0, r.exit(), r.out());
    List<String> conffiles = Files.readAllLines(control.resolve("conffiles"));
    assertTrue(conffiles.contains("/etc/maintd/maintd.yaml"), conffiles.toString());
    assertTrue(conffiles.contains("/etc/maintd/maintd-collector.yaml"), conffiles.toString());
    try (Stream<String> unexpected =
        conffiles.stream().filter(c -> !c.startsWith("/etc/maintd/"))) {
      assertEquals(List.of(), unexpected.toList());
    }
    for (String script : List.of("postinst", "prerm", "postrm")) {
      Installer.Run syntax = Installer.run(List.of("sh", "-n", control.resolve(script).toString()));
      assertEquals(new Installer.Run(0, ""), syntax, script);
    }
  }

  @Test
  void lintianFindsNoErrorAndNoWarning() throws Exception {
    boolean present = Files.isExecutable(Path.of("/usr/bin/lintian"));
    assertTrue(present || !"true".equals(System.getenv("MAINTD_INSTALL_REQUIRED")), "no lintian");
    org.junit.jupiter.api.Assumptions.assumeTrue(present, "lintian is not installed");
    Installer.Run r = Installer.run(List.of("lintian", "--pedantic", deb.toString()));
    List<String> tags =
        r.lines().stream()
            .filter(l -> l.matches("^[EWIP]: .*"))
            .filter(l -> !l.startsWith("I:"))
            .toList();
    assertEquals(List.of(), tags, r.out());
  }

  /** rwxr-x--- of 0750. */
  static String symbolic(int mode) {
    StringBuilder s = new StringBuilder();
    for (int shift = 6; shift >= 0; shift -= 3) {
      int bits = mode >> shift;
      s.append((bits & 4) != 0 ? 'r' : '-')
          .append((bits & 2) != 0 ? 'w' : '-')
          .append((bits & 1) != 0 ? 'x' : '-');
    }
    return s.toString();
  }
}
