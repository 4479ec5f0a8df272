package org.maintd.harep;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of instance repair, least destructive first, as harep names them in tags. */
public enum RepairType {
  FIX_STORAGE("fix-storage"),
  MIGRATE("migrate"),
  FAILOVER("failover"),
  REINSTALL("reinstall");

  private final String wireName;

  RepairType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<RepairType> parse(String text) {
    return Arrays.stream(values()).filter(t -> t.wireName.equals(text)).findFirst();
  }
}
