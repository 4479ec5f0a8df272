package org.maintd.protocol.sim;

import java.util.List;
import org.maintd.job.Operation;

/** A job the simulated cluster received, as {@code /1/sim/jobs} lists it. */
public record SimJobView(
    String id,
    String status,
    String message,
    List<Operation> operations,
    List<List<Object>> reason,
    String key,
    double submitted,
    double ends) {

  /** The reason trail's text (what and why, with the key). */
  public String reasonText() {
    return reason.isEmpty() || reason.get(0).size() < 2 ? "" : String.valueOf(reason.get(0).get(1));
  }
}
