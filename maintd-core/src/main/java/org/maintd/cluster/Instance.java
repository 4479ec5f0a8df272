package org.maintd.cluster;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Objects;

/**
 * An instance: where it runs, how big it is and how it can move. {@code secondary} is empty unless
 * the disk template is internally mirrored. {@code spindles} is kept as the text format writes it
 * ({@code -} when unknown). Its single-value withers ({@code withTags}, ...) are generated.
 */
@RecordBuilder
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
    boolean forthcoming)
    implements InstanceBuilder.With {

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
    return with(i -> i.primary(newPrimary).secondary(newSecondary));
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
