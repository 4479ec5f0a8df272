package org.maintd.daemon.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.rapi.RapiClusterReader;
import org.maintd.wire.Json;

/**
 * Loads a cluster for the simulated backend: an htools text file, or a directory holding RAPI
 * answers ({@code info.json}, {@code groups.json}, {@code nodes.json}, {@code instances.json}).
 */
public final class ClusterSource {
  private ClusterSource() {}

  public static Cluster load(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      Object info = json(path.resolve("info.json"));
      List<String> tags = info instanceof Map<?, ?> m && m.get("tags") instanceof List<?> l
          ? l.stream().map(String::valueOf).toList() : List.of();
      return new RapiClusterReader().read(info, json(path.resolve("groups.json")), json(path.resolve("nodes.json")),
          json(path.resolve("instances.json")), tags);
    }
    String name = path.getFileName().toString().replaceFirst("\\.data$", "");
    return new HtoolsReader().read(Files.readString(path), name);
  }

  private static Object json(Path file) throws IOException {
    try {
      return Json.parse(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }
}
