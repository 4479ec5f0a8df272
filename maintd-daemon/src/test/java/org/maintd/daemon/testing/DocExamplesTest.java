package org.maintd.daemon.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.protocol.json.Json;

/** What a documented example shows that a live answer lacks, kind by kind in mixed lists. */
class DocExamplesTest {
  @Test
  void anAnswerLacksOnlyTheFieldsShownForItsOwnKind() throws Exception {
    Object shown =
        Json.parse("{\"ops\": [{\"op\": \"flags\", \"node\": \"n1\", \"drained\": true}]}");
    Object answer =
        Json.parse(
            "{\"ops\": [{\"op\": \"migrate\", \"instance\": \"i1\"},"
                + " {\"op\": \"flags\", \"node\": \"n2\"}, {\"node\": \"n3\"}]}");
    assertEquals(
        List.of("$.ops[1].drained", "$.ops[2].op", "$.ops[2].drained"),
        DocExamples.missing(shown, answer, "$"));
  }
}
