package org.maintd.harep;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a repair ended, as harep writes it in result tags. The declaration order is harep's: when
 * several tags of one repair exist, the greatest result wins.
 */
public enum RepairResult {
  ENOPERM("enoperm"),
  SUCCESS("success"),
  FAILURE("failure");

  private final String wireName;

  RepairResult(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<RepairResult> parse(String text) {
    return Arrays.stream(values()).filter(r -> r.wireName.equals(text)).findFirst();
  }
}
