/**
 * The cluster model: immutable snapshots of groups, nodes and instances, and the disk templates
 * that decide how an instance can move. Nothing here reads or writes anything; readers for the
 * htools text format and RAPI JSON live in their own packages.
 */
package org.maintd.cluster;
