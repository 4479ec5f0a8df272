package org.maintd.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One maintd job's id names the cluster's jobs that carry it out, in order. */
class JobIdsTest {

  @Test
  void theIdOfAJobOfSeveralClusterJobsNamesEachInOrder() {
    String id = JobIds.of(List.of("100", "101", "99"));
    assertEquals("100+101+99", id);
    assertEquals(List.of("100", "101", "99"), JobIds.each(id));
  }

  @Test
  void anIdOfOneJobNamesItselfAndNothingIsEmpty() {
    assertEquals(List.of("7"), JobIds.each("7"));
    assertEquals(List.of("repair:a-r1-1"), JobIds.each("repair:a-r1-1"));
    assertEquals(List.of(), JobIds.each(""));
    assertEquals(List.of("7", "8"), JobIds.each("7++8"));
  }

  @Test
  void severalIdsNameEachOfTheirJobsInOrder() {
    assertEquals(List.of("1", "2", "3", "x"), JobIds.each(List.of("1+2", "3", "x")));
  }
}
