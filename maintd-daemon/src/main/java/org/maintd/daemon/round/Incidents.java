package org.maintd.daemon.round;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.maintd.incident.Incident;

/** Small helpers to find and replace one incident in a list. */
final class Incidents {
  private Incidents() {}

  static Optional<Incident> find(List<Incident> list, String uuid) {
    return list.stream().filter(i -> i.uuid().toString().equals(uuid)).findFirst();
  }

  static List<Incident> replace(List<Incident> list, UUID uuid, UnaryOperator<Incident> change) {
    return list.stream().map(i -> i.uuid().equals(uuid) ? change.apply(i) : i).toList();
  }
}
