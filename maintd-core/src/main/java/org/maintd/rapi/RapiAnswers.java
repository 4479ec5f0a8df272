package org.maintd.rapi;

import java.util.List;
import java.util.function.Function;

/**
 * The four RAPI answers a cluster snapshot is read from, parsed from JSON (maps, lists, strings,
 * numbers, booleans): {@code /2/info}, {@code /2/groups?bulk=1}, {@code /2/nodes?bulk=1} and {@code
 * /2/instances?bulk=1}.
 */
public record RapiAnswers(Object info, Object groups, Object nodes, Object instances) {
  /** The paths read, in the order the htools' RAPI backend reads them. */
  public static final List<String> PATHS =
      List.of("/2/groups?bulk=1", "/2/nodes?bulk=1", "/2/instances?bulk=1", "/2/info");

  /**
   * The answers {@code get} gives for each of {@link #PATHS}, asked in that order; what {@code get}
   * throws is thrown.
   */
  public static RapiAnswers read(Function<String, Object> get) {
    Object groups = get.apply(PATHS.get(0));
    Object nodes = get.apply(PATHS.get(1));
    Object instances = get.apply(PATHS.get(2));
    return new RapiAnswers(get.apply(PATHS.get(3)), groups, nodes, instances);
  }
}
