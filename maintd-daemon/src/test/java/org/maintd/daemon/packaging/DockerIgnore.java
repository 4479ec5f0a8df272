package org.maintd.daemon.packaging;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;

/**
 * The patterns of a {@code .dockerignore}: a path of the build context is left out when it, or a
 * folder it is in, matches a pattern ({@code *} within a name, {@code **} across folders), unless a
 * later pattern starting with {@code !} takes it back. Immutable.
 */
final class DockerIgnore {
  private record Rule(PathMatcher matcher, boolean include) {}

  private final List<Rule> rules = new ArrayList<>();

  DockerIgnore(String text) {
    for (String line : text.split("\n")) {
      String pattern = line.strip();
      if (pattern.isEmpty() || pattern.startsWith("#")) {
        continue;
      }
      boolean include = pattern.startsWith("!");
      pattern = (include ? pattern.substring(1) : pattern).replaceAll("^/+|/+$", "");
      rules.add(new Rule(matcher(pattern), include));
      if (pattern.startsWith("**/")) {
        rules.add(new Rule(matcher(pattern.substring(3)), include));
      }
    }
  }

  /** Whether the context leaves out {@code path} (relative to the context, with slashes). */
  boolean ignores(String path) {
    boolean ignored = false;
    for (Rule rule : rules) {
      for (Path p = Path.of(path); p != null; p = p.getParent()) {
        if (rule.matcher().matches(p)) {
          ignored = !rule.include();
          break;
        }
      }
    }
    return ignored;
  }

  private static PathMatcher matcher(String pattern) {
    return FileSystems.getDefault().getPathMatcher("glob:" + pattern);
  }
}
