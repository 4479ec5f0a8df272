package org.maintd.round;

import java.util.List;
import org.maintd.cluster.TaggedObject;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;

/**
 * The last thing a step does: every completed or failed incident whose outcome tag is not on its
 * node yet gets a tag effect, again at every step until its outcome says the tag is there (adding a
 * tag twice does nothing). Stateless.
 */
final class Tagging {
  /** The effect key of an incident's outcome tag: this prefix and the incident's uuid. */
  static final String PREFIX = "tag:";

  private Tagging() {}

  static void emit(Turn t) {
    for (Incident inc : t.state.incidents()) {
      boolean ended =
          inc.status() == IncidentStatus.COMPLETED || inc.status() == IncidentStatus.FAILED;
      if (ended && !inc.tagged()) {
        t.tag(
            new Effect.Tag(
                PREFIX + inc.uuid(),
                TaggedObject.node(inc.node()),
                List.of(inc.tag()),
                List.of(),
                "incident " + inc.uuid() + " " + inc.status().wireName()));
      }
    }
  }
}
