package org.maintd.collector.diagnose;

import java.time.Duration;
import java.util.Map;

/**
 * Where a node's diagnose data comes from: its whitelisted command ({@link Diagnoser}) or, for a
 * simulated node, its file ({@link FileDiagnose}). Whatever goes wrong yields {@code {"status":
 * "Ok", "collector-error": reason}}, never an action.
 */
public interface DiagnoseSource {
  /** The data of the node's report, found within {@code budget} where that matters. */
  Map<String, Object> diagnose(Duration budget);
}
