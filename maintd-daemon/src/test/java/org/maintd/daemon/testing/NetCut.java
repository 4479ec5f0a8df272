package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * Network faults for the processes a test starts, made by {@code scripts/netcut} with the kernel's
 * own tools: each process runs in a cgroup of its own ({@link #wrap}), and nftables drops or loses
 * what its sockets send ({@link #cut}), so one daemon loses ZooKeeper while the others keep it.
 * Needs root, nft and a cgroup2 mount: a test that needs it is skipped without them, unless {@code
 * MAINTD_FAULTS_REQUIRED=true} (as in CI), where it fails instead. The groups of one instance are
 * its own (named with a prefix of its own), so tests in other JVMs keep theirs; {@link #close}
 * heals and removes them.
 */
public final class NetCut implements AutoCloseable {
  private static final Path SCRIPT =
      Path.of("..", "scripts", "netcut").toAbsolutePath().normalize();
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  private final String prefix =
      "t" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet() + "-";
  private final Set<String> used = ConcurrentHashMap.newKeySet();

  private NetCut() {}

  /**
   * The faults, or the test skipped (failed with {@code MAINTD_FAULTS_REQUIRED=true}) without them.
   */
  public static NetCut required() throws Exception {
    String why = missing();
    if (!why.isEmpty()) {
      if ("true".equals(System.getenv("MAINTD_FAULTS_REQUIRED"))) {
        throw new IllegalStateException("network faults cannot be made here: " + why);
      }
      Assumptions.abort("network faults cannot be made here: " + why);
    }
    return new NetCut();
  }

  private static String missing() throws IOException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "not root";
    }
    if (!Files.isExecutable(Path.of("/usr/sbin/nft"))) {
      return "nft is missing";
    }
    String mounts = Files.readString(Path.of("/proc/mounts"));
    return mounts.contains(" cgroup2 ") ? "" : "no cgroup2 mount";
  }

  /** {@code command} run in {@code group} (the same process: its pid is the command's). */
  public List<String> wrap(String group, List<String> command) {
    List<String> out = new ArrayList<>(List.of(SCRIPT.toString(), "run", own(group), "--"));
    out.addAll(command);
    return out;
  }

  /** Drops what {@code group} sends to {@code ports}: it is cut from them. */
  public void cutFrom(String group, int... ports) throws Exception {
    cut(group, "--dport", join(ports));
  }

  /** Drops what {@code group} sends, as {@code scripts/netcut cut} takes the options. */
  public void cut(String group, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("cut", own(group)));
    args.addAll(List.of(options));
    run(args);
  }

  /** Removes every rule of {@code group}. */
  public void heal(String group) throws Exception {
    run(List.of("heal", own(group)));
  }

  /** The name of {@code group} as this instance's own. */
  private String own(String group) {
    String name = prefix + group;
    used.add(name);
    return name;
  }

  private static String join(int... ports) {
    StringBuilder b = new StringBuilder();
    for (int p : ports) {
      b.append(b.isEmpty() ? "" : ",").append(p);
    }
    return b.toString();
  }

  private static void run(List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(args);
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("scripts/netcut " + args + " did not end in 30 s");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.exitValue() != 0) {
      throw new IllegalStateException(
          "scripts/netcut " + args + " exited " + p.exitValue() + ": " + out);
    }
  }

  @Override
  public void close() throws Exception {
    for (String group : used) {
      run(List.of("forget", group));
    }
  }
}
