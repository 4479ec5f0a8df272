package org.maintd.cluster;

import org.maintd.wire.WireName;

/** Ganeti's disk templates and the way each lets an instance move between nodes. */
public enum DiskTemplate implements WireName {
  DISKLESS(Mobility.EXTERNALLY_MIRRORED),
  FILE(Mobility.NON_REDUNDANT),
  SHAREDFILE(Mobility.EXTERNALLY_MIRRORED),
  PLAIN(Mobility.NON_REDUNDANT),
  BLOCKDEV(Mobility.EXTERNALLY_MIRRORED),
  DRBD(Mobility.INTERNALLY_MIRRORED),
  RBD(Mobility.EXTERNALLY_MIRRORED),
  EXT(Mobility.EXTERNALLY_MIRRORED),
  GLUSTER(Mobility.EXTERNALLY_MIRRORED);

  /** How an instance with this template can leave its primary node. */
  public enum Mobility {
    /** Migrate or fail over to its secondary; the secondary can be replaced. */
    INTERNALLY_MIRRORED,
    /** Migrate or fail over to any node of the group. */
    EXTERNALLY_MIRRORED,
    /** Cannot move without copying its disks. */
    NON_REDUNDANT
  }

  private final Mobility mobility;

  DiskTemplate(Mobility mobility) {
    this.mobility = mobility;
  }

  public Mobility mobility() {
    return mobility;
  }

  /** Parses Ganeti's name of a disk template ({@code drbd}, {@code plain}, ...). */
  public static DiskTemplate parse(String name) {
    return WireName.parse(DiskTemplate.class, name)
        .orElseThrow(() -> new IllegalArgumentException("unknown disk template '" + name + "'"));
  }
}
