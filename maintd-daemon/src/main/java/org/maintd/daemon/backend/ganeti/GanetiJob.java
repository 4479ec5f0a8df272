package org.maintd.daemon.backend.ganeti;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.job.JobStatus;

/**
 * A Ganeti job as RAPI's {@code /2/jobs/<id>} shows it, reduced to what maintd needs: its status
 * and, when it failed, Ganeti's message. A parent job (node evacuate or migrate) that succeeded
 * hands its work to child jobs, listed in its result: the children decide.
 */
record GanetiJob(String id, JobStatus status, String message) {
  private static final int MAX_DEPTH = 3;

  static GanetiJob of(RapiClient rapi, String id) {
    return of(rapi, id, 0);
  }

  private static GanetiJob of(RapiClient rapi, String id, int depth) {
    Object answer;
    try {
      answer = rapi.get("/2/jobs/" + id);
    } catch (RapiException e) {
      if (e.status() == 404) {
        return new GanetiJob(id, JobStatus.UNKNOWN, "no job " + id + " in Ganeti's queue");
      }
      throw e;
    }
    if (!(answer instanceof Map<?, ?> job)) {
      return new GanetiJob(
          id, JobStatus.UNKNOWN, "RAPI /2/jobs/" + id + " did not answer an object");
    }
    JobStatus status = status(String.valueOf(job.get("status")));
    if (status == JobStatus.ERROR || status == JobStatus.CANCELED) {
      return new GanetiJob(id, status, errors(job.get("opresult")));
    }
    if (status == JobStatus.SUCCESS && depth < MAX_DEPTH) {
      for (String child : children(job.get("opresult"))) {
        GanetiJob c = of(rapi, child, depth + 1);
        if (c.status() != JobStatus.SUCCESS) {
          return new GanetiJob(id, c.status(), "child job " + child + ": " + c.message());
        }
      }
    }
    return new GanetiJob(id, status, "");
  }

  /** Polls until the job has finished (for short jobs such as tags), with RAPI's long poll. */
  static GanetiJob await(RapiClient rapi, String id) {
    for (int i = 0; i < 120; i++) {
      GanetiJob j = of(rapi, id);
      if (j.status().isFinished()) {
        return j;
      }
      rapi.change(
          "GET",
          "/2/jobs/" + id + "/wait",
          Map.of(),
          Map.of(
              "fields",
              List.of("status"),
              "previous_job_info",
              List.of(j.status() == JobStatus.RUNNING ? "running" : "queued"),
              "previous_log_serial",
              0));
    }
    return of(rapi, id);
  }

  static JobStatus status(String ganeti) {
    return switch (ganeti) {
      case "queued", "waiting" -> JobStatus.QUEUED;
      case "running", "canceling" -> JobStatus.RUNNING;
      case "success" -> JobStatus.SUCCESS;
      case "error" -> JobStatus.ERROR;
      case "canceled" -> JobStatus.CANCELED;
      default -> JobStatus.UNKNOWN;
    };
  }

  /** {@code [["OpExecError", ["message"]]]} per opcode: Ganeti's messages, joined. */
  private static String errors(Object opresult) {
    List<String> out = new ArrayList<>();
    if (opresult instanceof List<?> results) {
      for (Object r : results) {
        if (r instanceof List<?> pair && pair.size() == 2) {
          Object detail = pair.get(1);
          String text =
              detail instanceof List<?> l && !l.isEmpty()
                  ? String.valueOf(l.get(0))
                  : String.valueOf(detail);
          out.add(pair.get(0) + ": " + text);
        }
      }
    }
    return out.isEmpty() ? "no message" : String.join("; ", out);
  }

  /** {@code [{"jobs": [[true, 31], [true, 32]]}]}: the child job ids. */
  private static List<String> children(Object opresult) {
    List<String> ids = new ArrayList<>();
    if (opresult instanceof List<?> results) {
      for (Object r : results) {
        if (r instanceof Map<?, ?> m && m.get("jobs") instanceof List<?> jobs) {
          for (Object j : jobs) {
            if (j instanceof List<?> pair && pair.size() == 2 && Boolean.TRUE.equals(pair.get(0))) {
              ids.add(String.valueOf(pair.get(1)));
            }
          }
        }
      }
    }
    return ids;
  }

  /** Whether any opcode of the job has a reason-trail entry whose text contains {@code text}. */
  static boolean reasonContains(Map<?, ?> job, String text) {
    return reason(job, text).isPresent();
  }

  /** The text of the first reason-trail entry of the job's opcodes that contains {@code text}. */
  static java.util.Optional<String> reason(Map<?, ?> job, String text) {
    if (!(job.get("ops") instanceof List<?> ops)) {
      return java.util.Optional.empty();
    }
    for (Object op : ops) {
      if (op instanceof Map<?, ?> m && m.get("reason") instanceof List<?> trail) {
        for (Object entry : trail) {
          if (entry instanceof List<?> e
              && e.size() >= 2
              && String.valueOf(e.get(1)).contains(text)) {
            return java.util.Optional.of(String.valueOf(e.get(1)));
          }
        }
      }
    }
    return java.util.Optional.empty();
  }
}
