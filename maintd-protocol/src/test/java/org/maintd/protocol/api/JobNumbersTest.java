package org.maintd.protocol.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which ids are Ganeti job numbers, as the Ganeti-compatible reads list them. */
class JobNumbersTest {

  @ParameterizedTest(name = "''{0}'' -> {1}")
  @CsvSource({
    "17,true",
    "0,true",
    "999999999999999999,true",
    "9999999999999999999,false",
    "repair:9724c479-r2-1,false",
    "'',false",
    "-3,false",
    "12a,false"
  })
  void aJobNumberIsDigitsThatFitALong(String id, boolean number) {
    assertEquals(number, JobNumbers.isJobNumber(id));
  }

  @Test
  void theNumbersAndTheOthersKeepTheirOrder() {
    List<String> ids = List.of("12", "repair:a-r1-1", "7", "repair:b-r2-1");
    assertEquals(List.of(12L, 7L), JobNumbers.of(ids));
    assertEquals(List.of("repair:a-r1-1", "repair:b-r2-1"), JobNumbers.others(ids));
  }

  @Test
  void anIdThatNamesSeveralGanetiJobsListsEachNumberInOrder() {
    List<String> ids = List.of("100+101", "repair:a-r1-1", "102");
    assertEquals(List.of(100L, 101L, 102L), JobNumbers.of(ids));
    assertEquals(List.of("repair:a-r1-1"), JobNumbers.others(ids));
  }
}
