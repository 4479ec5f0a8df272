package org.maintd.daemon.faults;

import java.time.Duration;
import org.maintd.rapi.client.RapiFailure;

/**
 * What one RAPI exchange says of the cluster's API: a fault of the backend, a good answer, or
 * nothing either way (an interrupted request). No connection, no answer in time, a TLS or I/O
 * failure on the way: {@link FaultKind#BACKEND_UNREACHABLE}. A 5xx answer or one that is not JSON
 * (a truncated body): {@link FaultKind#BACKEND_ANSWERS_WRONG}, naming the request and what was
 * wrong. An answer (200, or Ganeti's own 4xx refusal) slower than the limit: {@link
 * FaultKind#BACKEND_SLOW}; RAPI's long poll ({@code /wait}) is never slow. Immutable.
 */
public sealed interface BackendSighting {
  /** The longest part of an answer a detail quotes. */
  int QUOTED = 120;

  /** A fault of {@code kind}, as {@code detail} says. */
  record Fault(FaultKind kind, String detail) implements BackendSighting {}

  /** A good answer, which clears the faults not seen for a while. */
  record Good() implements BackendSighting {}

  /** Says nothing of the backend. */
  record Nothing() implements BackendSighting {}

  /** What an answer of {@code call} that took {@code took} says, with {@code slowAnswer}. */
  static BackendSighting ofAnswer(String call, Duration took, Duration slowAnswer) {
    if (took.compareTo(slowAnswer) > 0 && !call.contains("/wait")) {
      return new Fault(
          FaultKind.BACKEND_SLOW,
          call
              + " answered in "
              + took.toMillis()
              + " ms, past the "
              + slowAnswer.toMillis()
              + " ms of ganeti.slowAnswer");
    }
    return new Good();
  }

  /** What {@code failure} of {@code call} says. */
  static BackendSighting ofFailure(String call, RapiFailure failure) {
    return switch (failure.kind()) {
      case NO_CONNECTION, NO_ANSWER, TLS, IO ->
          new Fault(FaultKind.BACKEND_UNREACHABLE, quoted(failure.getMessage()));
      case STATUS ->
          failure.status() >= 500
              ? new Fault(FaultKind.BACKEND_ANSWERS_WRONG, quoted(failure.getMessage()))
              : new Good();
      case NOT_JSON ->
          new Fault(
              FaultKind.BACKEND_ANSWERS_WRONG,
              call + " answered what is not JSON (cut short?): " + quoted(failure.detail()));
      case INTERRUPTED -> new Nothing();
    };
  }

  private static String quoted(String text) {
    String line = text.replaceAll("\\s+", " ");
    return line.length() > QUOTED ? line.substring(0, QUOTED) + "..." : line;
  }
}
