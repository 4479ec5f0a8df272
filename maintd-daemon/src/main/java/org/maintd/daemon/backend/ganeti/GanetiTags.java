package org.maintd.daemon.backend.ganeti;

import static org.maintd.daemon.backend.ganeti.RapiCall.encoded;

import java.util.List;
import java.util.Map;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.JobStatus;
import org.maintd.job.ReasonTrail;
import org.maintd.spi.BackendException;

/**
 * Tags through Ganeti's RAPI: added with {@code PUT .../tags?tag=...}, removed with {@code DELETE},
 * on the cluster, a group, a node or an instance. Tags are jobs in Ganeti: each is submitted, then
 * waited for, so that the next snapshot shows them. Thread-safe.
 */
final class GanetiTags {
  private final RapiClient rapi;

  GanetiTags(RapiClient rapi) {
    this.rapi = rapi;
  }

  void add(TaggedObject object, List<String> tags) {
    change("PUT", object, tags);
  }

  void remove(TaggedObject object, List<String> tags) {
    change("DELETE", object, tags);
  }

  private void change(String method, TaggedObject object, List<String> tags) {
    String id =
        String.valueOf(
            rapi.change(
                method, path(object, tags), Map.of("reason", ReasonTrail.SOURCE + " tags"), null));
    GanetiJob done = GanetiJob.await(rapi, id);
    if (done.status() != JobStatus.SUCCESS) {
      throw new BackendException(
          (method.equals("PUT") ? "adding" : "removing")
              + " tags "
              + tags
              + " on "
              + object
              + ": Ganeti job "
              + id
              + " "
              + done.status().wireName()
              + ": "
              + done.message());
    }
  }

  private static String path(TaggedObject object, List<String> tags) {
    StringBuilder path =
        new StringBuilder(
            switch (object.kind()) {
              case CLUSTER -> "/2/tags";
              case GROUP -> "/2/groups/" + encoded(object.name()) + "/tags";
              case NODE -> "/2/nodes/" + encoded(object.name()) + "/tags";
              case INSTANCE -> "/2/instances/" + encoded(object.name()) + "/tags";
            });
    char sep = '?';
    for (String t : tags) {
      path.append(sep).append("tag=").append(encoded(t));
      sep = '&';
    }
    return path.toString();
  }
}
