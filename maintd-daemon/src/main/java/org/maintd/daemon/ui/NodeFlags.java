package org.maintd.daemon.ui;

import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.NodeView;

/** How the node table writes a node's flags and its reboot requests. Stateless. */
public final class NodeFlags {
  private NodeFlags() {}

  /** The node's flags: master, drained, offline, taken out by maintd; a dash for none. */
  public static String of(NodeView n) {
    List<String> flags = new ArrayList<>();
    if (n.master()) {
      flags.add("master");
    }
    if (n.drained()) {
      flags.add("drained");
    }
    if (n.offline()) {
      flags.add("offline");
    }
    if (n.taken_out() != null) {
      flags.add("taken out by " + n.taken_out().by());
    }
    if (!n.incidents().isEmpty()) {
      flags.add(n.incidents().size() + " incident(s)");
    }
    return Fmt.list(flags);
  }

  /** Its reboot requests: the phase of its cycle, the keys that hold it, what it waits for. */
  public static String reboot(NodeView.Reboot r) {
    if (r == null || r.active() == 0) {
      return "-";
    }
    String text = r.phase() + (r.held() ? " held" : "");
    if (!r.keys().isEmpty()) {
      text += " by " + String.join(",", r.keys());
    }
    return r.waits() == null ? text : text + " (waits: " + r.waits() + ")";
  }
}
