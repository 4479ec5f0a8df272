package org.maintd.plan;

import java.util.List;
import org.maintd.job.JobSpec;
import org.maintd.wait.WaitReason;

/** What planning one incident gave: jobs, or completion, and what happens next or why it waits. */
record Step(List<JobSpec> jobs, boolean complete, Next next) {
  Step(List<JobSpec> jobs, boolean complete, String next) {
    this(jobs, complete, Next.does(next));
  }

  /** It waits for {@code why}; the reason's text alone says so. */
  static Step waiting(WaitReason why) {
    return waiting(Next.because(why));
  }

  static Step waiting(Next next) {
    return new Step(List.of(), false, next);
  }

  static Step done(String what) {
    return new Step(List.of(), true, what);
  }
}
