package org.maintd.daemon.tour;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The commands of a tour in README.md, in the order written: every line of the fenced blocks
 * between its second-level heading ("A short tour", "High availability") and the next one, without
 * comments and blank lines.
 */
final class ReadmeTour {
  private static final Pattern COMMENT = Pattern.compile("\\s+#(\\s.*)?$");

  private ReadmeTour() {}

  /**
   * Fails, naming the first command where {@code expected} and the README part, unless they agree.
   */
  static void assertSame(List<String> expected, List<String> readme) {
    for (int i = 0; i < Math.max(expected.size(), readme.size()); i++) {
      String e = i < expected.size() ? expected.get(i) : "(nothing)";
      String r = i < readme.size() ? readme.get(i) : "(nothing)";
      if (!e.equals(r)) {
        throw new AssertionError(
            "README.md and ReadmeTourIT disagree at command "
                + (i + 1)
                + ":\n  README:      "
                + r
                + "\n  ReadmeTourIT: "
                + e
                + "\nchange both together");
      }
    }
  }

  static List<String> commands(Path readme, String heading) throws IOException {
    List<String> lines = Files.readAllLines(readme);
    int start = lines.indexOf("## " + heading);
    if (start < 0) {
      throw new AssertionError(readme + " has no '## " + heading + "' section");
    }
    List<String> commands = new ArrayList<>();
    boolean inBlock = false;
    for (String line : lines.subList(start + 1, lines.size())) {
      if (!inBlock && line.startsWith("## ")) {
        break;
      }
      if (line.startsWith("```")) {
        inBlock = !inBlock;
        continue;
      }
      String command = COMMENT.matcher(line).replaceFirst("").strip();
      if (inBlock && !command.isEmpty() && !command.startsWith("#")) {
        commands.add(command);
      }
    }
    return commands;
  }
}
