package org.maintd.daemon.testing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;

/** Published views as the API's tests make them, without a daemon. Stateless. */
public final class TestViews {
  private TestViews() {}

  /**
   * A view of {@code cluster} (htools text) with {@code incidents} noted incidents of node n2
   * (uuids {@code 00000000-0000-0001-0000-00000000000k}, k from 0), planned nothing, at {@code
   * now}.
   */
  public static DaemonView withIncidents(String cluster, int incidents, Instant now) {
    List<Incident> list =
        IntStream.range(0, incidents)
            .mapToObj(
                k ->
                    Incident.noted(
                        new UUID(1, k),
                        "n2",
                        new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")),
                        now))
            .toList();
    return new DaemonView(
        MaintdState.initial(now).withIncidents(list),
        new HtoolsReader().read(cluster, "t"),
        Map.of(),
        PlanSnapshot.none(),
        "");
  }
}
