package org.maintd.cluster;

import java.util.List;
import java.util.Objects;

/**
 * An instance: where it runs, how big it is and how it can move. {@code secondary} is empty unless
 * the disk template is internally mirrored. {@code spindles} is kept as the text format writes it
 * ({@code -} when unknown).
 */
public record Instance(
    String name,
    String uuid,
    long memory,
    long disk,
    int vcpus,
    InstanceStatus status,
    boolean autoBalance,
    String primary,
    String secondary,
    DiskTemplate diskTemplate,
    List<String> tags,
    int spindleUse,
    String spindles,
    boolean forthcoming) {

  public Instance {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(uuid, "uuid");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(primary, "primary");
    Objects.requireNonNull(secondary, "secondary");
    Objects.requireNonNull(diskTemplate, "diskTemplate");
    Objects.requireNonNull(spindles, "spindles");
    tags = List.copyOf(tags);
  }

  public boolean hasSecondary() {
    return !secondary.isEmpty();
  }

  public Instance placedOn(String newPrimary, String newSecondary) {
    return new Instance(
        name,
        uuid,
        memory,
        disk,
        vcpus,
        status,
        autoBalance,
        newPrimary,
        newSecondary,
        diskTemplate,
        tags,
        spindleUse,
        spindles,
        forthcoming);
  }

  public Instance withTags(List<String> newTags) {
    return new Instance(
        name,
        uuid,
        memory,
        disk,
        vcpus,
        status,
        autoBalance,
        primary,
        secondary,
        diskTemplate,
        newTags,
        spindleUse,
        spindles,
        forthcoming);
  }

  /**
   * Whether the instance holds memory on its primary, as Ganeti's htools count it: not when it is
   * forthcoming, stopped or offline.
   */
  public boolean usesMemory() {
    return !forthcoming
        && !(status == InstanceStatus.ADMIN_down
            || status == InstanceStatus.ADMIN_offline
            || status == InstanceStatus.ERROR_down
            || status == InstanceStatus.USER_down);
  }

  /** Whether its disks are on the nodes' local storage (DRBD and plain), which the htools count. */
  public boolean usesLocalStorage() {
    return diskTemplate == DiskTemplate.DRBD || diskTemplate == DiskTemplate.PLAIN;
  }
}
