package org.maintd.job;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A backend's id of one maintd job names the cluster's own jobs that carry it out, in the order
 * they run, joined by {@code +}: on Ganeti one job per RAPI call ({@code 100+101}), as harep's tags
 * join the jobs of one repair. What maintd records and shows of a job are those ids one by one.
 * Stateless.
 */
public final class JobIds {
  private static final Pattern SEPARATOR = Pattern.compile("\\+");

  private JobIds() {}

  /** The one id of a job carried out by the cluster's jobs {@code ids}, in order. */
  public static String of(List<String> ids) {
    return String.join("+", ids);
  }

  /** The cluster's job ids that {@code id} names, in order ({@code 100+101}: 100, then 101). */
  public static List<String> each(String id) {
    List<String> out = new ArrayList<>();
    for (String part : SEPARATOR.split(id)) {
      if (!part.isEmpty()) {
        out.add(part);
      }
    }
    return out;
  }

  /** The cluster's job ids that {@code ids} name, each one, in order. */
  public static List<String> each(List<String> ids) {
    List<String> out = new ArrayList<>();
    ids.forEach(id -> out.addAll(each(id)));
    return out;
  }
}
