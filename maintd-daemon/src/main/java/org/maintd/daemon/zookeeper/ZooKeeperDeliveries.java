package org.maintd.daemon.zookeeper;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.maintd.daemon.notify.Deliveries;
import org.maintd.daemon.notify.Delivery;
import org.maintd.protocol.json.Json;

/**
 * The deliveries of notifications in ZooKeeper beside the state: one znode {@code
 * /notifications/<receiver|event id, URL-encoded>} each, holding the delivery as JSON. ZooKeeper's
 * create and versioned set are atomic, so of all the leaders one after the other exactly one
 * records a delivery and exactly one moves it on (claims it for an attempt). Thread-safe.
 */
public final class ZooKeeperDeliveries implements Deliveries {
  static final String ROOT = "/notifications";

  private final Supplier<CuratorFramework> zk;

  public ZooKeeperDeliveries(Supplier<CuratorFramework> zk) {
    this.zk = zk;
  }

  @Override
  public boolean add(Delivery d) {
    try {
      zk.get().create().creatingParentContainersIfNeeded().forPath(path(d), bytes(d));
      return true;
    } catch (KeeperException.NodeExistsException e) {
      return false;
    } catch (Exception e) {
      throw failed("record", e);
    }
  }

  @Override
  public boolean replace(Delivery was, Delivery next) {
    try {
      Stat stat = new Stat();
      byte[] stored = zk.get().getData().storingStatIn(stat).forPath(path(was));
      if (!was.equals(Json.LENIENT.readValue(stored, Delivery.class))) {
        return false;
      }
      zk.get().setData().withVersion(stat.getVersion()).forPath(path(was), bytes(next));
      return true;
    } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
      return false;
    } catch (Exception e) {
      throw failed("record", e);
    }
  }

  @Override
  public void remove(Delivery d) {
    try {
      zk.get().delete().quietly().forPath(path(d));
    } catch (Exception e) {
      throw failed("forget", e);
    }
  }

  @Override
  public List<Delivery> all() {
    List<Delivery> out = new ArrayList<>();
    try {
      for (String name : zk.get().getChildren().forPath(ROOT)) {
        try {
          out.add(
              Json.LENIENT.readValue(
                  zk.get().getData().forPath(ROOT + "/" + name), Delivery.class));
        } catch (KeeperException.NoNodeException gone) {
          // forgotten meanwhile
        }
      }
      return out;
    } catch (KeeperException.NoNodeException e) {
      return out;
    } catch (Exception e) {
      throw failed("read", e);
    }
  }

  private static String path(Delivery d) {
    return ROOT + "/" + URLEncoder.encode(d.key(), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(Delivery d) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsBytes(d);
  }

  private static IllegalStateException failed(String what, Exception e) {
    return new IllegalStateException(
        "cannot " + what + " the notifications' deliveries in ZooKeeper: " + e.getMessage(), e);
  }
}
