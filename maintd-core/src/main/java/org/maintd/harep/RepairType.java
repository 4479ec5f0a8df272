package org.maintd.harep;

import java.util.Optional;
import org.maintd.wire.WireName;

/** The kinds of instance repair, least destructive first, as harep names them in tags. */
public enum RepairType implements WireName {
  FIX_STORAGE,
  MIGRATE,
  FAILOVER,
  REINSTALL;

  public static Optional<RepairType> parse(String text) {
    return WireName.parse(RepairType.class, text);
  }
}
