package org.maintd.job;

import java.util.Optional;

/**
 * A kind of job owner, named {@code name}: the owners it gives are its name, a colon and the owning
 * thing's id ({@code campaign:ID}, {@code reboot:ID}), so that a job found in the cluster says
 * whose it is. Immutable.
 */
public record OwnerKind(String name) {
  /** The owner of the jobs of {@code id}. */
  public String of(String id) {
    return name + ":" + id;
  }

  /** The id whose jobs {@code owner} owns, when the owner is of this kind. */
  public Optional<String> idOf(String owner) {
    String prefix = name + ":";
    return owner.startsWith(prefix)
        ? Optional.of(owner.substring(prefix.length()))
        : Optional.empty();
  }
}
