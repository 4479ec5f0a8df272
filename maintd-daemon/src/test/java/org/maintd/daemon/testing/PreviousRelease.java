package org.maintd.daemon.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The daemon of the previous release, built from this clone's git history: the commit named in
 * {@code src/test/resources/upgrade/previous-release} (its hash, then a name), taken out with
 * {@code git archive} and built with Maven as this build runs ({@code -o} when it is offline, the
 * same local repository, nothing installed). The jar is kept under {@code target/upgrade/<hash>/},
 * so that a second run does not build it again. A clone without that commit (a shallow one) is a
 * failure that says how to fetch it. Not thread-safe: one test class builds it.
 */
public final class PreviousRelease {
  private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
  private static final Path CACHE = Path.of("target", "upgrade").toAbsolutePath();
  private static final long BUILD_MINUTES = 15;

  /** The commit's full hash and its name, as the resource gives them. */
  public record Named(String commit, String name) {}

  private PreviousRelease() {}

  /** The previous release, as the resource names it. */
  public static Named named() throws IOException {
    try (InputStream in = PreviousRelease.class.getResourceAsStream("/upgrade/previous-release")) {
      if (in == null) {
        throw new AssertionError("no resource upgrade/previous-release");
      }
      String line = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      String[] parts = line.split("\\s+", 2);
      if (!parts[0].matches("[0-9a-f]{40}")) {
        throw new AssertionError(
            "upgrade/previous-release does not begin with a full commit hash: " + line);
      }
      return new Named(parts[0], parts.length > 1 ? parts[1] : "");
    }
  }

  /** The previous release's {@code maintd.jar}, built now unless an earlier run kept it. */
  public static Path jar() throws Exception {
    Named release = named();
    Path dir = CACHE.resolve(release.commit());
    Path jar = dir.resolve("maintd.jar");
    if (Files.isRegularFile(jar)) {
      return jar;
    }
    requireInClone(release);
    Path src = dir.resolve("src");
    deleteTree(src);
    Files.createDirectories(src);
    Path tar = dir.resolve("src.tar");
    run(dir.resolve("archive.log"), TOP, "git", "archive", "-o", tar.toString(), release.commit());
    run(dir.resolve("archive.log"), src, "tar", "-x", "-f", tar.toString());
    Files.delete(tar);
    run(dir.resolve("build.log"), src, maven());
    Path built = src.resolve("maintd-daemon/target/maintd.jar");
    Files.copy(built, dir.resolve("maintd.jar.part"), StandardCopyOption.REPLACE_EXISTING);
    Files.move(dir.resolve("maintd.jar.part"), jar, StandardCopyOption.ATOMIC_MOVE);
    deleteTree(src);
    return jar;
  }

  private static void requireInClone(Named release) throws Exception {
    Process p =
        new ProcessBuilder("git", "cat-file", "-e", release.commit() + "^{commit}")
            .directory(TOP.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
      throw new AssertionError(
          "the previous release "
              + release.commit()
              + " ("
              + release.name()
              + ", named in maintd-daemon/src/test/resources/upgrade/previous-release) is not in"
              + " the clone at "
              + TOP
              + ": it is shallow or lacks that history; fetch it (git fetch --unshallow, or git"
              + " fetch origin "
              + release.commit()
              + ") and run again. git said: "
              + out.strip());
    }
  }

  /**
   * Maven as this build runs it: its own executable, offline when this build is, the same local
   * repository (the failsafe configuration passes them as system properties).
   */
  private static String[] maven() {
    List<String> cmd = new ArrayList<>();
    cmd.add(System.getProperty("maintd.maven", "mvn"));
    cmd.add("-B");
    cmd.add("-q");
    if ("offline=true".equals(System.getProperty("maintd.maven.offline", ""))) {
      cmd.add("-o");
    }
    String repository = System.getProperty("maintd.maven.repository", "");
    if (!repository.isBlank()) {
      cmd.add("-Dmaven.repo.local=" + repository);
    }
    cmd.addAll(List.of("-DskipTests", "package", "-pl", "maintd-daemon", "-am"));
    return cmd.toArray(String[]::new);
  }

  /** Runs {@code command} in {@code dir}, its output in {@code log}; a failure quotes its end. */
  private static void run(Path log, Path dir, String... command) throws Exception {
    Files.createDirectories(log.getParent());
    Files.writeString(log, "$ " + String.join(" ", command) + "\n");
    Process p =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    if (!p.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " took over " + BUILD_MINUTES + " min");
    }
    if (p.exitValue() != 0) {
      List<String> lines = Files.readAllLines(log);
      throw new AssertionError(
          String.join(" ", command)
              + " in "
              + dir
              + " failed with exit code "
              + p.exitValue()
              + "; the end of "
              + log
              + ":\n"
              + String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size())));
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
