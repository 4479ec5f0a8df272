/**
 * TLS to ZooKeeper: the client settings of one connection ({@link
 * org.maintd.daemon.zookeeper.tls.ZooKeeperTls}), and, when a first connection over TLS fails, a
 * handshake with each server of {@code zookeeper.connect} with those same settings ({@link
 * org.maintd.daemon.zookeeper.tls.TlsProbe}) whose outcome ({@link
 * org.maintd.daemon.zookeeper.tls.Handshake}) says in an operator's words what to change ({@link
 * org.maintd.daemon.zookeeper.tls.TlsDiagnosis}). It opens connections only to those servers, and
 * never sets anything JVM-wide.
 */
package org.maintd.daemon.zookeeper.tls;
