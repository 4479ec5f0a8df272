package org.maintd.daemon.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.maintd.protocol.state.StateEnvelope;

/**
 * The chunks of a state too large for its header, written before the header that names them and
 * deleted once no header does. Thread-safe.
 */
final class StateChunks {
  private final CuratorFramework zk;

  StateChunks(CuratorFramework zk) {
    this.zk = zk;
  }

  void write(StateEnvelope.Packed p) throws Exception {
    StateEnvelope e = p.envelope();
    for (int i = 0; i < p.chunks().size(); i++) {
      zk.create()
          .orSetData()
          .creatingParentContainersIfNeeded()
          .forPath(ZooKeeperStateReader.chunk(e, i), p.chunks().get(i));
    }
  }

  /** Deletes the chunks {@code e} names; those left over are overwritten or never read. */
  void delete(StateEnvelope e) {
    if (e == null || e.chunks() == 0) {
      return;
    }
    try {
      zk.delete().quietly().deletingChildrenIfNeeded().forPath(ZooKeeperStateReader.generation(e));
    } catch (Exception ex) {
      // no header names them any more: they are garbage, not state
    }
  }
}
