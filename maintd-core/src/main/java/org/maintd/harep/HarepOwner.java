package org.maintd.harep;

import java.util.Optional;

/**
 * The owner of a repair job in a round: {@code harep:<instance>:<type>:<repair id>}. It names what
 * the job's pending tag must say once the job has an id.
 */
public record HarepOwner(String instance, RepairType type, String repairId) {
  private static final String PREFIX = "harep:";

  public String text() {
    return PREFIX + instance + ":" + type.wireName() + ":" + repairId;
  }

  public static Optional<HarepOwner> parse(String owner) {
    if (!owner.startsWith(PREFIX)) {
      return Optional.empty();
    }
    String rest = owner.substring(PREFIX.length());
    int idAt = rest.lastIndexOf(':');
    int typeAt = idAt < 0 ? -1 : rest.lastIndexOf(':', idAt - 1);
    if (typeAt <= 0) {
      return Optional.empty();
    }
    return RepairType.parse(rest.substring(typeAt + 1, idAt))
        .map(t -> new HarepOwner(rest.substring(0, typeAt), t, rest.substring(idAt + 1)));
  }
}
