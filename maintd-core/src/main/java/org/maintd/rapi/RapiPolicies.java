package org.maintd.rapi;

import java.util.ArrayList;
import java.util.List;

/**
 * Instance policies of RAPI ({@code ipolicy} of {@code /2/info} and of each {@code /2/groups}
 * entry) as htools policy lines: {@code owner|std|min;max[;min;max...]|disk templates|vcpu
 * ratio|spindle ratio}, each spec {@code memory,cpus,disk,disks,nics,spindles}. The cluster's line
 * has no owner; a group's is owned by its name. Stateless.
 */
final class RapiPolicies {
  private static final List<String> SPEC =
      List.of("memory-size", "cpu-count", "disk-size", "disk-count", "nic-count", "spindle-use");

  private RapiPolicies() {}

  static List<String> lines(JsonObject info, List<?> groups) {
    List<String> lines = new ArrayList<>();
    if (info.has("ipolicy")) {
      lines.add(line("", info.object("ipolicy")));
    }
    for (Object g : groups) {
      JsonObject group = new JsonObject("/2/groups entry", g);
      if (group.has("ipolicy")) {
        lines.add(line(group.string("name"), group.object("ipolicy")));
      }
    }
    return lines;
  }

  private static String line(String owner, JsonObject policy) {
    List<String> minMax = new ArrayList<>();
    for (Object pair : policy.list("minmax")) {
      JsonObject p = new JsonObject(policy.where() + ".minmax", pair);
      minMax.add(spec(p.object("min")) + ";" + spec(p.object("max")));
    }
    return String.join(
        "|",
        owner,
        spec(policy.object("std")),
        String.join(";", minMax),
        String.join(",", policy.strings("disk-templates")),
        Double.toString(policy.decimal("vcpu-ratio", 4.0)),
        Double.toString(policy.decimal("spindle-ratio", 32.0)));
  }

  private static String spec(JsonObject spec) {
    return String.join(",", SPEC.stream().map(k -> Long.toString(spec.number(k, 0))).toList());
  }
}
