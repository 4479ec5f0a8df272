package org.maintd.daemon.install;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/install --prefix into a scratch root, as a real process: the layout's files with their
 * owners and modes, the user maintd in the root's own etc/passwd, a second run that changes
 * nothing, an edited configuration that survives with the new default beside it, and
 * scripts/uninstall that leaves the configuration and the state unless --purge. Runs as root only
 * (Installer.requireRoot). About 15 s: five installs of the built jars (about 80 files each).
 */
class InstallIT {
  @TempDir Path root;

  @BeforeEach
  void asRoot() throws IOException {
    Installer.requireRoot();
  }

  /** One path of the layout: whether a directory, its owner and group, its mode. */
  record Entry(String path, boolean directory, String owner, String group, int mode) {}

  static final List<Entry> LAYOUT =
      List.of(
          new Entry("/usr/lib/maintd", true, "root", "root", 0755),
          new Entry("/usr/lib/maintd/maintd.jar", false, "root", "root", 0644),
          new Entry("/usr/lib/maintd/maintd-collector.jar", false, "root", "root", 0644),
          new Entry("/usr/lib/maintd/maintctl.jar", false, "root", "root", 0644),
          new Entry("/usr/sbin/maintd", false, "root", "root", 0755),
          new Entry("/usr/sbin/maintd-collector", false, "root", "root", 0755),
          new Entry("/usr/bin/maintctl", false, "root", "root", 0755),
          new Entry("/etc/maintd", true, "root", "root", 0755),
          new Entry("/etc/maintd/maintd.yaml", false, "root", "maintd", 0640),
          new Entry("/etc/maintd/maintd-collector.yaml", false, "root", "maintd", 0640),
          new Entry("/etc/maintd/node-diagnose-commands", true, "root", "root", 0755),
          new Entry("/etc/maintd/node-repair-commands", true, "root", "root", 0755),
          new Entry("/var/lib/maintd", true, "maintd", "maintd", 0700),
          new Entry("/var/lib/maintd-collector", true, "root", "root", 0700),
          new Entry("/lib/systemd/system/maintd.service", false, "root", "root", 0644),
          new Entry("/lib/systemd/system/maintd-collector.service", false, "root", "root", 0644),
          new Entry("/lib/systemd/system/maintd-export.service", false, "root", "root", 0644),
          new Entry("/lib/systemd/system/maintd-export.timer", false, "root", "root", 0644),
          new Entry("/usr/share/man/man1/maintctl.1.gz", false, "root", "root", 0644),
          new Entry(
              "/usr/share/man/man1/maintctl-campaign-start.1.gz", false, "root", "root", 0644),
          new Entry("/usr/share/man/man8/maintd.8.gz", false, "root", "root", 0644),
          new Entry("/usr/share/man/man8/maintd-collector.8.gz", false, "root", "root", 0644),
          new Entry("/usr/share/bash-completion/completions/maintctl", false, "root", "root", 0644),
          new Entry("/usr/share/doc/maintd", true, "root", "root", 0755),
          new Entry("/usr/share/doc/maintd/README.md", false, "root", "root", 0644),
          new Entry("/usr/share/doc/maintd/operations.md", false, "root", "root", 0644),
          new Entry(
              "/usr/share/doc/maintd/examples/prometheus/maintd-alerts.yml",
              false,
              "root",
              "root",
              0644),
          new Entry("/usr/share/doc/maintd/examples/systemd/ha.conf", false, "root", "root", 0644));

  Path at(String path) {
    return root.resolve(path.substring(1));
  }

  static int attribute(Path path, String name) throws IOException {
    return (Integer) Files.getAttribute(path, "unix:" + name, LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * Every path below the root with its owner, mode, size and time of change: what a run touched.
   */
  Map<String, String> snapshot() throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.toList()) {
        files.put(
            root.relativize(p).toString(),
            attribute(p, "uid")
                + ":"
                + attribute(p, "gid")
                + " "
                + Integer.toOctalString(attribute(p, "mode"))
                + " "
                + Files.size(p)
                + " "
                + Files.getAttribute(p, "unix:ctime", LinkOption.NOFOLLOW_LINKS));
      }
    }
    return files;
  }

  @Test
  void installsEveryPartOfTheLayoutWithItsOwnerAndMode() throws Exception {
    String hostUsers = Files.readString(Path.of("/etc/passwd"));
    Installer.ok("install", "--prefix", root.toString());
    String[] user = Installer.entry(at("/etc/passwd"), "maintd").orElseThrow();
    assertEquals("/var/lib/maintd", user[5]);
    assertEquals("/usr/sbin/nologin", user[6]);
    assertEquals(user[3], Installer.entry(at("/etc/group"), "maintd").orElseThrow()[2]);
    assertEquals(hostUsers, Files.readString(Path.of("/etc/passwd")), "the host's users changed");
    for (Entry e : LAYOUT) {
      Path p = at(e.path());
      assertEquals(e.directory(), Files.isDirectory(p), e.path() + " missing or of another kind");
      String owner = e.owner().equals("maintd") ? user[2] : "0";
      String group = e.group().equals("maintd") ? user[3] : "0";
      assertEquals(owner + ":" + group, attribute(p, "uid") + ":" + attribute(p, "gid"), e.path());
      assertEquals(
          Integer.toOctalString(e.mode()),
          Integer.toOctalString(attribute(p, "mode") & 07777),
          e.path());
    }
    assertEquals(
        "exec java $JAVA_OPTS -jar /usr/lib/maintd/maintd-collector.jar \"$@\"",
        Files.readAllLines(at("/usr/sbin/maintd-collector")).get(2));
    assertArrayEquals(
        Files.readAllBytes(Installer.TOP.resolve("maintd-daemon/target/maintd.jar")),
        Files.readAllBytes(at("/usr/lib/maintd/maintd.jar")));
    assertArrayEquals(
        Files.readAllBytes(Installer.TOP.resolve("etc/maintd.yaml")),
        Files.readAllBytes(at("/etc/maintd/maintd.yaml")));
  }

  @Test
  void installsEveryManualPageCompressedAndRenderable() throws Exception {
    Installer.ok("install", "--prefix", root.toString());
    List<Path> built;
    try (Stream<Path> pages = Files.list(Installer.TOP.resolve("maintd-cli/target/man"))) {
      built = pages.toList();
    }
    for (Path page : built) {
      try (GZIPInputStream in =
          new GZIPInputStream(
              Files.newInputStream(at("/usr/share/man/man1/" + page.getFileName() + ".gz")))) {
        assertArrayEquals(Files.readAllBytes(page), in.readAllBytes(), page.toString());
      }
    }
    for (String page : List.of("man8/maintd.8.gz", "man8/maintd-collector.8.gz")) {
      assertTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff-base is not installed");
      Installer.Run r =
          Installer.run(
              List.of(
                  "bash",
                  "-c",
                  "zcat " + at("/usr/share/man/" + page) + " | groff -man -Tutf8 -ww -z"));
      assertEquals(new Installer.Run(0, ""), r, page + " makes groff warn");
    }
  }

  @Test
  void aSecondRunChangesNothingAndSaysSo() throws Exception {
    Installer.ok("install", "--prefix", root.toString());
    Map<String, String> first = snapshot();
    Installer.Run again = Installer.ok("install", "--prefix", root.toString());
    assertEquals(
        List.of("nothing to change: maintd is installed in " + root + " as this checkout has it"),
        again.lines());
    assertEquals(first, snapshot());
  }

  @Test
  void anEditedConfigurationIsKeptWithTheNewDefaultBesideIt() throws Exception {
    Installer.ok("install", "--prefix", root.toString());
    Path config = at("/etc/maintd/maintd.yaml");
    String edited = Files.readString(config).replace("maxUnavailable: 1", "maxUnavailable: 2");
    Files.writeString(config, edited);
    Installer.Run run = Installer.ok("install", "--prefix", root.toString());
    assertEquals(edited, Files.readString(config));
    assertArrayEquals(
        Files.readAllBytes(Installer.TOP.resolve("etc/maintd.yaml")),
        Files.readAllBytes(at("/etc/maintd/maintd.yaml.dist")));
    assertTrue(
        run.lines()
            .contains(
                "kept "
                    + config
                    + ", edited since it was installed; this version's default is "
                    + config
                    + ".dist"),
        run.out());
    assertEquals(0640, attribute(at("/etc/maintd/maintd.yaml.dist"), "mode") & 07777);
  }

  @Test
  void anUneditedDefaultOfAnEarlierVersionIsReplacedByTheNewOne() throws Exception {
    Installer.ok("install", "--prefix", root.toString());
    Installer.Run versions =
        Installer.run(
            List.of("git", "log", "--format=%H", "-n", "2", "--", "etc/maintd-collector.yaml"));
    assertEquals(
        2, versions.lines().size(), "needs the checkout's history of etc/maintd-collector.yaml");
    String earlier = versions.lines().get(1);
    Installer.Run old =
        Installer.run(List.of("git", "show", earlier + ":etc/maintd-collector.yaml"));
    Path config = at("/etc/maintd/maintd-collector.yaml");
    Files.writeString(config, old.out());
    assertFalse(
        Files.readString(config)
            .equals(Files.readString(Installer.TOP.resolve("etc/maintd-collector.yaml"))));
    Installer.Run run = Installer.ok("install", "--prefix", root.toString());
    assertTrue(run.lines().contains("updated " + config), run.out());
    assertArrayEquals(
        Files.readAllBytes(Installer.TOP.resolve("etc/maintd-collector.yaml")),
        Files.readAllBytes(config));
    assertFalse(Files.exists(at("/etc/maintd/maintd-collector.yaml.dist")));
  }

  @Test
  void uninstallLeavesConfigurationAndStateAndPurgeRemovesThemWithTheUser() throws Exception {
    Installer.ok("install", "--prefix", root.toString());
    Files.writeString(at("/var/lib/maintd/state.json"), "{}");
    Installer.Run removed = Installer.ok("uninstall", "--prefix", root.toString());
    assertTrue(removed.lines().contains("removed " + at("/usr/lib/maintd")), removed.out());
    for (Entry e : LAYOUT) {
      boolean kept = e.path().startsWith("/etc/maintd") || e.path().startsWith("/var/lib/maintd");
      assertEquals(kept, Files.exists(at(e.path())), e.path());
    }
    assertTrue(Files.exists(at("/var/lib/maintd/state.json")));
    assertTrue(Installer.entry(at("/etc/passwd"), "maintd").isPresent());
    Installer.ok("uninstall", "--prefix", root.toString(), "--purge");
    for (String gone : List.of("/etc/maintd", "/var/lib/maintd", "/var/lib/maintd-collector")) {
      assertFalse(Files.exists(at(gone)), gone);
    }
    assertTrue(Installer.entry(at("/etc/passwd"), "maintd").isEmpty());
    assertTrue(Installer.entry(at("/etc/group"), "maintd").isEmpty());
    assertEquals(
        List.of("nothing to remove: maintd is not installed in " + root),
        Installer.ok("uninstall", "--prefix", root.toString(), "--purge").lines());
  }
}
