package org.maintd.protocol.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.rehearse.Act;

/**
 * The nodes a rehearsal's body names: one in {@code node}, or a drain's several in {@code nodes};
 * every other combination refused naming the field and what is wrong.
 */
class RehearsalBodyTest {
  private static RehearsalBody bound(String json) {
    return RequestBodies.bind(json, RehearsalBody.class);
  }

  @Test
  void aDrainOfSeveralNodesNamesThemAllInTheirOrderAndIsOneAct() {
    RehearsalBody b = bound("{\"action\": \"drain\", \"nodes\": [\"n3\", \"n2\"]}");
    assertEquals(List.of("n3", "n2"), b.named());
    assertEquals(new Act.Drain(List.of("n3", "n2"), "ops"), b.act(b.named(), "ops"));
  }

  @Test
  void oneNodeInNodeIsStillADrainOfThatNode() {
    RehearsalBody b = bound("{\"action\": \"drain\", \"node\": \"n2\"}");
    assertEquals(List.of("n2"), b.named());
    assertEquals(new Act.Drain("n2", "ops"), b.act(b.named(), "ops"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"action\": \"drain\"} | 'node' is missing",
        "{\"action\": \"drain\", \"nodes\": []} | 'nodes' is empty",
        "{\"action\": \"drain\", \"nodes\": [\"n2\", \"\"]} | 'nodes' holds an empty name",
        "{\"action\": \"drain\", \"nodes\": [\"n2\", \"n3\", \"n2\"]} | 'nodes' names n2 twice",
        "{\"action\": \"drain\", \"node\": \"n2\", \"nodes\": [\"n3\"]} | 'node' and 'nodes' are"
            + " both given",
        "{\"action\": \"reboot\", \"nodes\": [\"n2\", \"n3\"]} | 'nodes' goes with the action drain"
            + " only, not with reboot",
        "{\"action\": \"drain\", \"nodes\": [\"n2\", \"n\\u0007\"]} | 'nodes' holds the control character",
      })
  void nodesThatCannotBeDrainedAreRefusedNamingTheField(String json, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> bound(json).named());
    assertTrue(e.getMessage().startsWith(message), e.getMessage());
  }
}
