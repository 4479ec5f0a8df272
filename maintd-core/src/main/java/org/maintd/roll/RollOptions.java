package org.maintd.roll;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What to plan reboot groups for, with hroller's options: one node group (by name or uuid), nodes
 * to treat as offline, node tags (a node is selected if it has any of them), offline maintenance
 * (instances may stay down: only DRBD primary–secondary pairs conflict), what to do with
 * non-redundant instances, full evacuation (DRBD secondaries moved off too), force (no master is
 * only a warning), and maintd's own selection by a regular expression that a node's name must
 * contain a match of (as Ganeti's query filters match: anchor it with {@code ^...$} for the whole
 * name). The selections given all apply. With {@code fewerGroups}, the plan is the one with the
 * fewest groups among hroller's and those of better colourings (never more groups than hroller's).
 * Its single-value withers ({@code withFewerGroups}, ...) are generated.
 */
@RecordBuilder
public record RollOptions(
    Optional<String> group,
    Set<String> offlineNodes,
    Optional<List<String>> nodeTags,
    boolean offlineMaintenance,
    boolean skipNonRedundant,
    boolean ignoreNonRedundant,
    boolean fullEvacuation,
    boolean force,
    Optional<String> nodeRegex,
    boolean fewerGroups)
    implements RollOptionsBuilder.With {

  /**
   * Throws {@link java.util.regex.PatternSyntaxException} (an {@link IllegalArgumentException})
   * naming {@code nodeRegex} when it is not a regular expression.
   */
  public RollOptions {
    offlineNodes = Set.copyOf(offlineNodes);
    nodeTags = nodeTags.map(List::copyOf);
    nodeRegex.ifPresent(Pattern::compile);
  }

  /** hroller's defaults: every node, no selection, hroller's groups. */
  public static RollOptions defaults() {
    return new RollOptions(
        Optional.empty(),
        Set.of(),
        Optional.empty(),
        false,
        false,
        false,
        false,
        false,
        Optional.empty(),
        false);
  }
}
