package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.config.ZooKeeper;

/** Who maintd is to ZooKeeper, and what it refuses before connecting. */
class ZooKeeperIdentityTest {
  @Test
  void saslWithoutAJaasFileIsRefusedNamingTheOptionThatGivesOne() {
    ZooKeeper d = ZooKeeper.defaults();
    ZooKeeper sasl =
        new ZooKeeper(
            "zk1:2181",
            d.sessionTimeout(),
            d.connectionTimeout(),
            d.chroot(),
            null,
            Duration.ZERO,
            "sasl",
            "maintd",
            d.tls());
    assertEquals(
        "zookeeper.acl: sasl needs a JAAS file with a Client section: start maintd with"
            + " -Djava.security.auth.login.config=FILE (docs/operations.md, \"ZooKeeper ACLs\")",
        assertThrows(IllegalArgumentException.class, () -> ZooKeeperIdentity.of(sasl))
            .getMessage());
  }
}
