package org.maintd.harep;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One of harep's state tags on an instance: {@code
 * ganeti:watcher:autorepair:pending:<type>:<id>:<time>:<jobs>} while the repair's jobs run, {@code
 * ganeti:watcher:autorepair:result:<type>:<id>:<time>:<result>:<jobs>} once they ended. {@code
 * time} is in whole seconds since the epoch; job ids are joined with {@code +} (none for {@code
 * enoperm}).
 */
public record RepairTag(
    RepairType type, String id, long time, Optional<RepairResult> result, List<String> jobs) {
  public static final String PREFIX = "ganeti:watcher:autorepair:";
  public static final String PENDING = PREFIX + "pending:";
  public static final String RESULT = PREFIX + "result:";
  public static final String SUSPEND = PREFIX + "suspend";

  public RepairTag {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(result, "result");
    jobs = List.copyOf(jobs);
    if (id.isEmpty() || id.contains(":")) {
      throw new IllegalArgumentException(
          "a repair id is not empty and has no ':', not '" + id + "'");
    }
    for (String job : jobs) {
      if (!job.matches("[0-9]+")) {
        throw new IllegalArgumentException("harep's tags hold numeric job ids, not '" + job + "'");
      }
    }
  }

  public static RepairTag pending(RepairType type, String id, long time, List<String> jobs) {
    return new RepairTag(type, id, time, Optional.empty(), jobs);
  }

  public RepairTag ended(RepairResult outcome, long at) {
    return new RepairTag(type, id, at, Optional.of(outcome), jobs);
  }

  public boolean isPending() {
    return result.isEmpty();
  }

  /** The tag's text, exactly as harep writes it. */
  public String text() {
    String head =
        (result.isEmpty() ? PENDING : RESULT) + type.wireName() + ":" + id + ":" + time + ":";
    String middle = result.map(r -> r.wireName() + ":").orElse("");
    return head + middle + String.join("+", jobs);
  }

  /**
   * Parses a pending or result tag. Empty when the tag is not one of them; an error, as harep
   * treats it, when it starts like one but is malformed.
   */
  public static Optional<RepairTag> parse(String tag) {
    boolean pending = tag.startsWith(PENDING);
    if (!pending && !tag.startsWith(RESULT)) {
      return Optional.empty();
    }
    String rest = tag.substring(pending ? PENDING.length() : RESULT.length());
    List<String> parts = Arrays.asList(rest.split(":", -1));
    if (parts.size() != (pending ? 4 : 5)) {
      throw new HarepTagException(
          tag,
          "expected "
              + (pending ? "<type>:<id>:<time>:<jobs>" : "<type>:<id>:<time>:<result>:<jobs>"));
    }
    RepairType type =
        RepairType.parse(parts.get(0))
            .orElseThrow(
                () -> new HarepTagException(tag, "unknown repair type '" + parts.get(0) + "'"));
    long time;
    try {
      time = Long.parseLong(parts.get(2));
    } catch (NumberFormatException e) {
      throw new HarepTagException(tag, "the time '" + parts.get(2) + "' is not whole seconds");
    }
    Optional<RepairResult> result = Optional.empty();
    if (!pending) {
      result =
          Optional.of(
              RepairResult.parse(parts.get(3))
                  .orElseThrow(
                      () -> new HarepTagException(tag, "unknown result '" + parts.get(3) + "'")));
    }
    String jobText = parts.get(parts.size() - 1);
    List<String> jobs = new ArrayList<>();
    if (!jobText.isEmpty()) {
      for (String job : jobText.split("\\+", -1)) {
        if (!job.matches("[0-9]+")) {
          throw new HarepTagException(tag, "'" + job + "' is not a job id");
        }
        jobs.add(job);
      }
    }
    if (parts.get(1).isEmpty()) {
      throw new HarepTagException(tag, "the repair id is empty");
    }
    return Optional.of(new RepairTag(type, parts.get(1), time, result, jobs));
  }
}
