/**
 * A fleet of simulated nodes' collectors in one process ({@code maintd-collector --fleet FILE}):
 * one Jetty server on a few loopback addresses, each node's endpoints under {@code /node/NAME}, its
 * reports signed with the cluster key as a single collector signs them, its diagnose read from the
 * file {@code maintctl sim diagnose} writes. Built from the collector's own parts ({@code http},
 * {@code repair}, {@code load}, {@code diagnose}); it does not touch real nodes' files.
 */
package org.maintd.collector.fleet;
