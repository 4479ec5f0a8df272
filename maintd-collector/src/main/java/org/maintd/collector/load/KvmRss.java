package org.maintd.collector.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code kvm-inst-rss} as Ganeti 2.17's mond measured it: for each KVM instance with a pid file
 * (named after the instance, holding its pid) and a running process, its resident set in 4 KiB
 * pages, the second field of {@code /proc/PID/statm}. Instances whose process is gone are left out.
 * Stateless.
 */
public final class KvmRss {
  private final Path pidDirectory;
  private final Path proc;

  public KvmRss(Path pidDirectory, Path proc) {
    this.pidDirectory = pidDirectory;
    this.proc = proc;
  }

  /** Each running instance's resident pages, by name; none when there is no pid directory. */
  public Map<String, Long> pages() {
    Map<String, Long> out = new TreeMap<>();
    if (!Files.isDirectory(pidDirectory)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(pidDirectory)) {
      for (Path f : files) {
        resident(f).ifPresent(pages -> out.put(f.getFileName().toString(), pages));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + pidDirectory, e);
    }
    return out;
  }

  private Optional<Long> resident(Path pidFile) {
    try {
      String pid = Files.readString(pidFile).strip();
      if (!pid.matches("[0-9]+")) {
        return Optional.empty();
      }
      String[] statm = Files.readString(proc.resolve(pid).resolve("statm")).trim().split("\\s+");
      return Optional.of(Long.parseLong(statm[1]));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
