package org.maintd.daemon.backend.sim;

import org.maintd.daemon.http.ApiAction;
import org.maintd.daemon.http.RouteSet;
import org.maintd.http.Router;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimInstance;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.sim.SimNode;
import org.maintd.protocol.sim.SimPowerOn;
import org.maintd.protocol.sim.SimTag;

/**
 * The simulated cluster's endpoints under {@code /1/sim/}: its jobs, and the controls {@code
 * maintctl sim} uses.
 */
public final class SimRoutes implements RouteSet {
  private final SimControl control;

  public SimRoutes(SimBackend sim) {
    this.control = new SimControl(sim);
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("GET", "/1/sim/jobs", c -> control.jobs());
    r.add("POST", "/1/sim/diagnose", c -> control.diagnose(c.body(SimDiagnose.class)));
    r.add("POST", "/1/sim/fail", c -> control.fail(c.body(SimFail.class)));
    r.add("POST", "/1/sim/load", c -> control.load(c.body(SimLoad.class)));
    r.add("POST", "/1/sim/tags", c -> control.tag(c.body(SimTag.class)));
    r.add("POST", "/1/sim/power-on", c -> control.powerOn(c.body(SimPowerOn.class)));
    r.add("POST", "/1/sim/instance", c -> control.instance(c.body(SimInstance.class)));
    r.add("POST", "/1/sim/node", c -> control.node(c.body(SimNode.class)));
  }
}
