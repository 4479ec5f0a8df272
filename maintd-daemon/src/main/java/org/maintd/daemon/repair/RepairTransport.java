package org.maintd.daemon.repair;

import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * How a repair request reaches the node that runs it and its result comes back: over HTTP to the
 * node's collector in production ({@link RepairClient}). The node runs a command at most once per
 * incident and answers a repeated request with its first result. Throws when no result came back;
 * the command may then have run or not.
 */
@FunctionalInterface
public interface RepairTransport {
  RepairResult run(RepairRequest request) throws Exception;
}
