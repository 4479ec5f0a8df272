package org.maintd.job;

import java.util.Locale;

/** A job's status as backends report it. */
public enum JobStatus {
  QUEUED,
  RUNNING,
  SUCCESS,
  ERROR,
  CANCELED,
  UNKNOWN;

  public boolean isFinished() {
    return this != QUEUED && this != RUNNING;
  }

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static JobStatus parse(String text) {
    return valueOf(text.toUpperCase(Locale.ROOT));
  }
}
