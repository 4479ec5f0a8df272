package org.maintd.daemon.config;

/**
 * Where the state lives, as {@code store} names it: one file in the state directory, or ZooKeeper,
 * whose settings exist only here.
 */
public sealed interface Store {

  /** {@code store: file}: {@code state.json} in the state directory. */
  record InFile() implements Store {}

  /** {@code store: zookeeper}: znodes under the chroot of the ensemble {@code zookeeper} names. */
  record InZooKeeper(ZooKeeper zookeeper) implements Store {}
}
