package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.rapi.client.RapiFailure;

/** Each way a RAPI exchange ends, and what it says of the backend: the table of the faults. */
class BackendSightingTest {
  private static final String CALL = "RAPI GET /2/nodes?bulk=1";

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource({
    "NO_CONNECTION, 0, BACKEND_UNREACHABLE",
    "NO_ANSWER, 0, BACKEND_UNREACHABLE",
    "TLS, 0, BACKEND_UNREACHABLE",
    "IO, 0, BACKEND_UNREACHABLE",
    "STATUS, 502, BACKEND_ANSWERS_WRONG",
    "STATUS, 500, BACKEND_ANSWERS_WRONG",
    "STATUS, 599, BACKEND_ANSWERS_WRONG",
    "NOT_JSON, 200, BACKEND_ANSWERS_WRONG",
    "STATUS, 499, good",
    "STATUS, 404, good",
    "STATUS, 401, good",
    "INTERRUPTED, 0, nothing",
  })
  void eachFailureNamesItsFaultOrNone(RapiFailure.Kind kind, int status, String says) {
    RapiFailure failure = new RapiFailure(kind, status, CALL + " failed: why", "[{\"na", null);
    assertEquals(says, said(BackendSighting.ofFailure(CALL, failure)));
  }

  @ParameterizedTest(name = "{0} ms, limit {1} ms, {2}: {3}")
  @CsvSource({
    "4999, 5000, RAPI GET /2/info, good",
    "5000, 5000, RAPI GET /2/info, good",
    "5001, 5000, RAPI GET /2/info, BACKEND_SLOW",
    "60000, 5000, RAPI GET /2/jobs/17/wait, good",
  })
  void anAnswerPastTheLimitIsSlowButRapisLongPollNever(
      long took, long limit, String call, String says) {
    assertEquals(
        says,
        said(BackendSighting.ofAnswer(call, Duration.ofMillis(took), Duration.ofMillis(limit))));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "STATUS|502|RAPI GET /2/nodes?bulk=1 answered 502: Bad Gateway|RAPI GET /2/nodes?bulk=1"
            + " answered 502: Bad Gateway",
        "NOT_JSON|200|ignored|RAPI GET /2/nodes?bulk=1 answered what is not JSON (cut short?):"
            + " [{\"name\": \"node1\", \"dr",
      })
  void theDetailNamesTheRequestAndWhatWasWrong(
      RapiFailure.Kind kind, int status, String message, String detail) {
    RapiFailure failure =
        new RapiFailure(kind, status, message, "[{\"name\": \"node1\", \"dr", null);
    assertEquals(
        detail, ((BackendSighting.Fault) BackendSighting.ofFailure(CALL, failure)).detail());
  }

  @org.junit.jupiter.api.Test
  void aLongAnswerIsQuotedShort() {
    String body = "x".repeat(500);
    RapiFailure failure = new RapiFailure(RapiFailure.Kind.NOT_JSON, 200, "m", body, null);
    String detail = ((BackendSighting.Fault) BackendSighting.ofFailure(CALL, failure)).detail();
    assertEquals(
        CALL + " answered what is not JSON (cut short?): " + "x".repeat(120) + "...", detail);
  }

  private static String said(BackendSighting s) {
    if (s instanceof BackendSighting.Fault f) {
      return f.kind().name();
    }
    if (s instanceof BackendSighting.Good) {
      return "good";
    }
    if (s instanceof BackendSighting.Nothing) {
      return "nothing";
    }
    throw new IllegalStateException("no such sighting: " + s);
  }
}
