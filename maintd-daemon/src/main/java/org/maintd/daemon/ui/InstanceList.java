package org.maintd.daemon.ui;

import java.util.List;
import org.maintd.protocol.api.InstanceView;

/**
 * The instances the page lists: those whose health is not {@code ok} or whose auto-repair stands
 * somewhere (pending, failed, suspended, refused tags), at most {@link #ROWS} of them, and how many
 * such there are among how many instances. Immutable.
 */
public record InstanceList(List<InstanceView> rows, int attention, int total) {
  /** The most instances listed. */
  public static final int ROWS = 50;

  public InstanceList {
    rows = List.copyOf(rows);
  }

  /** The instances of {@code all} that need an operator's attention. */
  public static InstanceList of(List<InstanceView> all) {
    List<InstanceView> attention = all.stream().filter(InstanceList::needsAttention).toList();
    return new InstanceList(
        attention.subList(0, Math.min(ROWS, attention.size())), attention.size(), all.size());
  }

  private static boolean needsAttention(InstanceView i) {
    String repair = i.auto_repair();
    return !i.health().equals("ok")
        || repair.startsWith("pending")
        || repair.startsWith("failed")
        || repair.startsWith("suspended")
        || repair.startsWith("error");
  }
}
