package org.maintd.health;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.maintd.cluster.Instance;

/**
 * What the cluster says of the instances' disks: Ganeti's {@code disks_active} per instance where
 * the backend reads it, and the instances verify-disks reports with offline disks. An instance the
 * backend says nothing of has its disks active when its admin state is up.
 */
public record DiskStatus(Map<String, Boolean> disksActive, Set<String> offline) {
  public DiskStatus {
    disksActive = Collections.unmodifiableMap(new TreeMap<>(disksActive));
    offline = Collections.unmodifiableSet(new TreeSet<>(offline));
  }

  /** Nothing read: disks active where the admin state is up, none reported offline. */
  public static DiskStatus unknown() {
    return new DiskStatus(Map.of(), Set.of());
  }

  public boolean active(Instance i) {
    return disksActive.getOrDefault(i.name(), i.status().adminUp());
  }
}
