package org.maintd.cluster;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Names found as {@link NodeNames#same} compares them (case aside, a short name matches its fully
 * qualified one), each lookup in constant time rather than one comparison per name: a
 * configuration's thousands of collector URLs checked against a cluster of thousands of nodes.
 * Where several names match, the one equal to it (case aside) is found before a shorter or longer
 * one, and otherwise the first given.
 */
public final class NodeNameIndex {
  /** Every name by itself in lower case. */
  private final Map<String, String> whole = new HashMap<>();

  /** Each qualified name by its first label, in lower case: what a short name matches. */
  private final Map<String, String> byFirstLabel = new HashMap<>();

  public NodeNameIndex(List<String> names) {
    for (String name : names) {
      String lower = name.toLowerCase(Locale.ROOT);
      whole.putIfAbsent(lower, name);
      int dot = lower.indexOf('.');
      if (dot >= 0) {
        byFirstLabel.putIfAbsent(lower.substring(0, dot), name);
      }
    }
  }

  /** A name given that {@link NodeNames#same} holds for with {@code name}; none: empty. */
  public Optional<String> find(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    Optional<String> exact = Optional.ofNullable(whole.get(lower));
    int dot = lower.indexOf('.');
    // a short name matches a qualified one by its first label, and a qualified name the short one
    // its first label spells (a key of whole without a dot)
    return exact.or(
        () ->
            Optional.ofNullable(
                dot < 0 ? byFirstLabel.get(lower) : whole.get(lower.substring(0, dot))));
  }
}
