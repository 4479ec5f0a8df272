package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.UUID;

/** The daemons' ZooKeeper credentials file of a test, root-only as maintd wants it. */
public final class ZooKeeperCredentials {
  private ZooKeeperCredentials() {}

  /** {@code dir/zookeeper-credentials}, made with a random password the first time. */
  public static Path in(Path dir) throws IOException {
    Path file = dir.resolve("zookeeper-credentials");
    if (!Files.exists(file)) {
      Files.writeString(file, "maintd:" + UUID.randomUUID() + "\n");
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }
    return file;
  }

  /**
   * A client of the daemons' chroot at {@code connect} with their credentials in {@code dir}, as an
   * operator's tools would be; started.
   */
  public static org.apache.curator.framework.CuratorFramework client(Path dir, String connect)
      throws IOException {
    org.apache.curator.framework.CuratorFramework c =
        org.apache.curator.framework.CuratorFrameworkFactory.builder()
            .connectString(connect)
            .retryPolicy(new org.apache.curator.retry.RetryOneTime(100))
            .namespace("maintd")
            .authorization(
                "digest",
                Files.readString(in(dir)).strip().getBytes(java.nio.charset.StandardCharsets.UTF_8))
            .build();
    c.start();
    return c;
  }
}
