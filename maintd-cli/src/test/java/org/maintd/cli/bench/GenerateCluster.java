package org.maintd.cli.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import org.maintd.cli.GeneratedCluster;

/** Writes a generated cluster: {@code GenerateCluster NODES GROUPS INSTANCES SEED FILE}. */
public final class GenerateCluster {
  private GenerateCluster() {}

  public static void main(String[] args) throws Exception {
    Files.writeString(
        Path.of(args[4]),
        GeneratedCluster.text(
            Integer.parseInt(args[0]),
            Integer.parseInt(args[1]),
            Integer.parseInt(args[2]),
            Long.parseLong(args[3])));
  }
}
