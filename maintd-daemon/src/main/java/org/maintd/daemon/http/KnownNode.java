package org.maintd.daemon.http;

import org.maintd.cluster.Cluster;
import org.maintd.cluster.NodeNamed;
import org.maintd.http.HttpError;

/**
 * The node a request names, by the cluster's own name: the node of that name in any letter case, or
 * the one whose qualified name a short name begins; 404 for none (or no cluster yet), 400 for a
 * short name that several nodes' names begin. Stateless.
 */
final class KnownNode {
  private KnownNode() {}

  static String of(Cluster cluster, String name) {
    if (cluster == null) {
      throw HttpError.notFound("no node " + name + " in the cluster");
    }
    NodeNamed named = NodeNamed.in(cluster, name);
    if (named instanceof NodeNamed.Unknown unknown) {
      throw HttpError.notFound(unknown.message());
    }
    if (named instanceof NodeNamed.Ambiguous ambiguous) {
      throw HttpError.badRequest(ambiguous.message());
    }
    if (!(named instanceof NodeNamed.Found found)) {
      throw new IllegalStateException("no answer for the node named " + named);
    }
    return found.node().name();
  }
}
