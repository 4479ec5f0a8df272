package org.maintd.plan;

import java.util.List;
import org.maintd.job.JobSpec;

/** What planning one incident gave: jobs, or completion, and a sentence for its {@code next}. */
record Step(List<JobSpec> jobs, boolean complete, String next) {
  static Step waiting(String why) {
    return new Step(List.of(), false, why);
  }

  static Step done(String what) {
    return new Step(List.of(), true, what);
  }
}
