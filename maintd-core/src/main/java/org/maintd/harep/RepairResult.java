package org.maintd.harep;

import java.util.Optional;
import org.maintd.wire.WireName;

/**
 * How a repair ended, as harep writes it in result tags. The declaration order is harep's: when
 * several tags of one repair exist, the greatest result wins.
 */
public enum RepairResult implements WireName {
  ENOPERM,
  SUCCESS,
  FAILURE;

  public static Optional<RepairResult> parse(String text) {
    return WireName.parse(RepairResult.class, text);
  }
}
