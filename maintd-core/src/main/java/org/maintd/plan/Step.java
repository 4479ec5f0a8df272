package org.maintd.plan;

import java.util.List;
import org.maintd.job.JobSpec;
import org.maintd.wait.WaitReason;

/** What planning one incident gave: jobs, or completion, and what happens next or why it waits. */
record Step(List<JobSpec> jobs, boolean complete, Next next) {
  Step(List<JobSpec> jobs, boolean complete, String next) {
    this(jobs, complete, Next.does(next));
  }

  static Step waiting(WaitReason why) {
    return new Step(List.of(), false, Next.waits(why));
  }

  static Step waiting(String text, WaitReason why) {
    return new Step(List.of(), false, Next.waits(text, why));
  }

  static Step done(String what) {
    return new Step(List.of(), true, what);
  }
}
