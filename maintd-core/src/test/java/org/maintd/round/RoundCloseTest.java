package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whose a finished job was, as the round's close reports it (the metrics' owner label). */
class RoundCloseTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "harep:inst1:failover:a1b2,harep",
    "balance:inst1,balance",
    "campaign:7f3e:node3,campaign",
    "machine:node3,machine",
    "0e5a1c7d-5a1b-4c1e-9f1d-5b5b5b5b5b5b,incident",
    "harep:,incident"
  })
  void theOwnerOfAJobSaysWhatKindOfWorkItWas(String owner, String kind) {
    assertEquals(kind, RoundClose.ownerKind(owner));
  }
}
