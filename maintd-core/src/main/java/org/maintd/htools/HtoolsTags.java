package org.maintd.htools;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the htools read from a cluster's tags, and what that makes of a node's or an instance's
 * tags: exclusion tags ({@code htools:iextags:PREFIX}: instance tags starting with PREFIX),
 * locations ({@code htools:nlocation:PREFIX}: node tags {@code PREFIX:...}), desired locations
 * ({@code htools:desiredlocation:PREFIX}: instance tags starting with PREFIX), migration tags
 * ({@code htools:migration:PREFIX}: node tags {@code PREFIX:...}) and the migrations allowed
 * between them ({@code htools:allowmigration:FROM::TO}). Immutable and thread-safe.
 */
public record HtoolsTags(
    List<String> exclusionPrefixes,
    List<String> locationPrefixes,
    List<String> desiredLocationPrefixes,
    List<String> migrationPrefixes,
    List<AllowedMigration> allowedMigrations) {

  /** Instances may migrate from nodes tagged {@code from} to nodes tagged {@code to}. */
  public record AllowedMigration(String from, String to) {}

  public HtoolsTags {
    exclusionPrefixes = List.copyOf(exclusionPrefixes);
    locationPrefixes = List.copyOf(locationPrefixes);
    desiredLocationPrefixes = List.copyOf(desiredLocationPrefixes);
    migrationPrefixes = List.copyOf(migrationPrefixes);
    allowedMigrations = List.copyOf(allowedMigrations);
  }

  /** The htools tags among a cluster's tags, in their order. */
  public static HtoolsTags of(List<String> clusterTags) {
    List<AllowedMigration> allowed = new ArrayList<>();
    for (String t : after(clusterTags, "htools:allowmigration:")) {
      int at = t.indexOf("::");
      if (at >= 0 && t.indexOf("::", at + 2) < 0) {
        allowed.add(new AllowedMigration(t.substring(0, at), t.substring(at + 2)));
      }
    }
    return new HtoolsTags(
        after(clusterTags, "htools:iextags:"),
        after(clusterTags, "htools:nlocation:"),
        after(clusterTags, "htools:desiredlocation:"),
        after(clusterTags, "htools:migration:"),
        allowed);
  }

  /** An instance's exclusion tags: those of its tags that start with an exclusion prefix. */
  public List<String> exclusionTags(List<String> instanceTags) {
    return startingWith(instanceTags, exclusionPrefixes);
  }

  /** An instance's desired locations: those of its tags that start with such a prefix. */
  public Set<String> desiredLocations(List<String> instanceTags) {
    Set<String> out = new HashSet<>();
    out.addAll(startingWith(instanceTags, desiredLocationPrefixes));
    return out;
  }

  /** A node's locations: those of its tags that are {@code PREFIX:...} for a location prefix. */
  public Set<String> locations(List<String> nodeTags) {
    return tagged(nodeTags, locationPrefixes);
  }

  /** A node's migration tags: those of its tags that are {@code PREFIX:...}. */
  public Set<String> migrationTags(List<String> nodeTags) {
    return tagged(nodeTags, migrationPrefixes);
  }

  /**
   * The migration tags of the nodes that a node with {@code migrationTags} receives instances from:
   * its own, and every tag allowed to migrate to one of them.
   */
  public Set<String> receivedMigrationTags(Set<String> migrationTags) {
    Set<String> out = new HashSet<>();
    for (String t : migrationTags) {
      out.add(t);
      for (AllowedMigration a : allowedMigrations) {
        if (a.to().equals(t)) {
          out.add(a.from());
        }
      }
    }
    return out;
  }

  private static List<String> after(List<String> tags, String prefix) {
    List<String> out = new ArrayList<>();
    for (String t : tags) {
      if (t.startsWith(prefix)) {
        out.add(t.substring(prefix.length()));
      }
    }
    return out;
  }

  /** The tags that start with any of the prefixes, in the tags' order (once however many). */
  private static List<String> startingWith(List<String> tags, List<String> prefixes) {
    List<String> out = new ArrayList<>();
    for (String t : tags) {
      for (String p : prefixes) {
        if (t.startsWith(p)) {
          out.add(t);
          break;
        }
      }
    }
    return List.copyOf(out);
  }

  private static Set<String> tagged(List<String> tags, List<String> prefixes) {
    Set<String> out = new HashSet<>();
    for (String p : prefixes) {
      for (String t : tags) {
        if (t.startsWith(p + ":")) {
          out.add(t);
        }
      }
    }
    return out;
  }
}
