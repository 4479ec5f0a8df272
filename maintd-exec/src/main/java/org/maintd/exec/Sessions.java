package org.maintd.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Commands run in a session of their own ({@code setsid}, from util-linux), so that everything a
 * command starts can be found and killed when it ends: the processes of its session, read from
 * {@code /proc}. A child that starts a session of its own escapes; one that only detaches (a
 * shell's {@code &}, {@code nohup}) does not. Without {@code setsid} commands run as they are, and
 * only the children still attached when the command ends are killed. Stateless.
 */
final class Sessions {
  private static final List<Path> SETSID =
      List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));
  private static final Path PROC = Path.of("/proc");

  private Sessions() {}

  /** The {@code setsid} program, when the system has one. */
  static Optional<Path> setsid() {
    return SETSID.stream().filter(Files::isExecutable).findFirst();
  }

  /**
   * Kills every process of the session that {@code leader} started (its session id is its pid), the
   * leader too.
   */
  static void kill(Process leader) {
    long sid = leader.pid();
    leader.descendants().forEach(ProcessHandle::destroyForcibly);
    if (!Files.isDirectory(PROC)) {
      return;
    }
    try (var entries = Files.list(PROC)) {
      entries
          .map(p -> p.getFileName().toString())
          .filter(n -> n.chars().allMatch(Character::isDigit))
          .filter(pid -> sessionOf(pid) == sid)
          .forEach(
              pid ->
                  ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly));
    } catch (IOException e) {
      // /proc unreadable: the descendants were killed above
    }
  }

  /**
   * Field 6 of {@code /proc/PID/stat}, the session id; -1 when the process is gone or unreadable.
   */
  private static long sessionOf(String pid) {
    try {
      String stat = Files.readString(PROC.resolve(pid).resolve("stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[3]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
