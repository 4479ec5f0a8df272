package org.maintd.maintenance;

import java.util.List;
import java.util.Optional;

/** The maintenance schedule: its windows, as posted. Posting one replaces the whole schedule. */
public record Schedule(List<Window> windows) {
  public Schedule {
    windows = List.copyOf(windows);
  }

  public static Schedule empty() {
    return new Schedule(List.of());
  }

  /** The window that has {@code hostname}'s machine. */
  public Optional<Window> windowOf(String hostname) {
    return windows.stream()
        .filter(w -> w.machines().stream().anyMatch(m -> m.names(hostname)))
        .findFirst();
  }

  /** Every machine of every window, in order. */
  public List<MachineId> machines() {
    return windows.stream().flatMap(w -> w.machines().stream()).toList();
  }

  /** The schedule without {@code hostname}'s machine; a window left empty is dropped. */
  public Schedule without(String hostname) {
    return new Schedule(
        windows.stream()
            .map(w -> w.without(hostname))
            .filter(w -> !w.machines().isEmpty())
            .toList());
  }
}
