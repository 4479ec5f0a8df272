package org.maintd.round;

import java.util.List;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.JobSpec;

/** What a step asks the daemon to do once the new state is stored. A closed set. */
public sealed interface Effect {
  /** The key by which the outcome of this effect comes back. */
  String key();

  /**
   * Submits {@code job}, unless the backend already has a job with its key in the reason trail (a
   * submission whose answer was lost): its intent is stored before, its id recorded after.
   */
  record Submit(JobSpec job) implements Effect {
    @Override
    public String key() {
      return job.key();
    }
  }

  /**
   * Looks {@code job} up by its key without submitting it: the intent of an incident that ended
   * before its job id was recorded. A crash may have come between its submission and the record, so
   * the job may run: if it does, it is watched to its end like any other; if not, the intent is
   * dropped.
   */
  record LookUp(JobSpec job) implements Effect {
    @Override
    public String key() {
      return job.key();
    }
  }

  /**
   * Adds and removes tags on one object; adding a tag that is there, or removing one that is not,
   * does nothing.
   */
  record Tag(String key, TaggedObject object, List<String> add, List<String> remove, String why)
      implements Effect {
    public Tag {
      add = List.copyOf(add);
      remove = List.copyOf(remove);
    }
  }
}
