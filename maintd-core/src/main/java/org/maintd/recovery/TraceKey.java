package org.maintd.recovery;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a job's reason text says about the job: its key (the text in the last brackets), the owner
 * and round the key names ({@code <owner>-r<round>-<n>}), and for an incident's job, the action and
 * node it names ({@code incident <uuid> (<action> <node>)}).
 */
public record TraceKey(
    String key, String owner, long round, Optional<String> action, Optional<String> node) {
  private static final Pattern KEY = Pattern.compile("\\[([^\\[\\]]+)\\]\\s*$");
  private static final Pattern ROUND = Pattern.compile("^(.+)-r(\\d{1,12})-\\d+$");
  private static final Pattern INCIDENT = Pattern.compile("incident \\S+ \\((\\S+) (\\S+)\\)");

  /** The key of {@code reason}, or empty when it has none (not one of maintd's job texts). */
  public static Optional<TraceKey> of(String reason) {
    Matcher k = KEY.matcher(reason);
    if (!k.find()) {
      return Optional.empty();
    }
    String key = k.group(1);
    Matcher r = ROUND.matcher(key);
    String owner = r.matches() ? r.group(1) : key;
    long round = r.matches() ? Long.parseLong(r.group(2)) : 0;
    Matcher i = INCIDENT.matcher(reason);
    boolean named = i.find();
    return Optional.of(
        new TraceKey(
            key,
            owner,
            round,
            named ? Optional.of(i.group(1)) : Optional.empty(),
            named ? Optional.of(i.group(2)) : Optional.empty()));
  }

  /** The incident that owns the job, when its owner is one. */
  public Optional<UUID> incident() {
    try {
      UUID uuid = UUID.fromString(owner);
      return uuid.toString().equals(owner) ? Optional.of(uuid) : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
