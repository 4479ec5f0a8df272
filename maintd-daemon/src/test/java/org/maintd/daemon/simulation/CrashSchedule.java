package org.maintd.daemon.simulation;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.maintd.daemon.runner.Boundaries;

/** Crashes the runner at its effect boundaries, each time with the seed's probability. */
final class CrashSchedule implements Boundaries {
  private final Random random;
  private final double probability;
  private final Map<String, Integer> crashes = new TreeMap<>();
  private boolean enabled = true;

  CrashSchedule(Random random, double probability) {
    this.random = random;
    this.probability = probability;
  }

  @Override
  public void reached(String point) {
    if (enabled && random.nextDouble() < probability) {
      crashes.merge(point, 1, Integer::sum);
      throw new SimulatedCrash(point);
    }
  }

  void disable() {
    enabled = false;
  }

  Map<String, Integer> crashes() {
    return crashes;
  }
}
