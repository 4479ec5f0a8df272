package org.maintd.rapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The four RAPI answers are asked for in the order hroller asks for them. About 0.01 s. */
class RapiAnswersTest {
  @Test
  void eachPathIsAskedOnceInHrollersOrderAndItsAnswerKept() {
    List<String> asked = new ArrayList<>();
    RapiAnswers a =
        RapiAnswers.read(
            path -> {
              asked.add(path);
              return "answer to " + path;
            });
    assertEquals(
        List.of("/2/groups?bulk=1", "/2/nodes?bulk=1", "/2/instances?bulk=1", "/2/info"), asked);
    assertEquals(
        new RapiAnswers(
            "answer to /2/info",
            "answer to /2/groups?bulk=1",
            "answer to /2/nodes?bulk=1",
            "answer to /2/instances?bulk=1"),
        a);
  }

  @Test
  void aFailedRequestStopsTheReadingAndIsThrown() {
    List<String> asked = new ArrayList<>();
    IllegalStateException down = new IllegalStateException("RAPI is down");
    IllegalStateException thrown =
        assertThrows(
            IllegalStateException.class,
            () ->
                RapiAnswers.read(
                    path -> {
                      asked.add(path);
                      if (path.startsWith("/2/nodes")) {
                        throw down;
                      }
                      return List.of();
                    }));
    assertSame(down, thrown);
    assertEquals(List.of("/2/groups?bulk=1", "/2/nodes?bulk=1"), asked);
  }
}
