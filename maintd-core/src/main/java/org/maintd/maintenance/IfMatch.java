package org.maintd.maintenance;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a change of the schedule asks of its version (HTTP's {@code If-Match}): nothing (no header,
 * or {@code *}: Mesos' clients send none), or one of the versions it names (none, when it names no
 * version maintd gave: it never matches). A closed set.
 */
public sealed interface IfMatch {
  /** Whether a schedule at {@code version} may be changed. */
  boolean admits(long version);

  /** Any version. */
  record Any() implements IfMatch {
    @Override
    public boolean admits(long version) {
      return true;
    }
  }

  /** One of {@code versions}: the change was made from one of them. */
  record OneOf(List<Long> versions) implements IfMatch {
    public OneOf {
      versions = List.copyOf(versions);
    }

    @Override
    public boolean admits(long version) {
      return versions.contains(version);
    }

    /** As a refusal names what the change was made from. */
    public String named() {
      return versions.isEmpty()
          ? "no version of this schedule"
          : "version " + versions.stream().map(String::valueOf).collect(Collectors.joining(" or "));
    }
  }
}
