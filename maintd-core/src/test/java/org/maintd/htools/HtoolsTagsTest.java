package org.maintd.htools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maintd.htools.HtoolsTags.AllowedMigration;

class HtoolsTagsTest {
  private static final HtoolsTags TAGS =
      HtoolsTags.of(
          List.of(
              "htools:iextags:service:",
              "htools:iextags:svc",
              "htools:nlocation:rack",
              "htools:nlocation:power",
              "htools:desiredlocation:rack:",
              "htools:migration:hv",
              "htools:allowmigration:hv:old::hv:new",
              "htools:allowmigration:hv:other::hv:elsewhere",
              "htools:allowmigration:hv:a",
              "htools:allowmigration:hv:a::hv:b::hv:c",
              "backup",
              "xhtools:iextags:nope"));

  @Test
  void readsEachPrefixAndEveryAllowedMigrationWithOneSeparator() {
    assertEquals(List.of("service:", "svc"), TAGS.exclusionPrefixes());
    assertEquals(List.of("rack", "power"), TAGS.locationPrefixes());
    assertEquals(List.of("rack:"), TAGS.desiredLocationPrefixes());
    assertEquals(List.of("hv"), TAGS.migrationPrefixes());
    assertEquals(
        List.of(
            new AllowedMigration("hv:old", "hv:new"),
            new AllowedMigration("hv:other", "hv:elsewhere")),
        TAGS.allowedMigrations());
    assertEquals(
        List.of(new AllowedMigration("", "hv:b")),
        HtoolsTags.of(List.of("htools:allowmigration:::hv:b")).allowedMigrations(),
        "an empty tag before the separator");
  }

  @Test
  void aClusterWithoutHtoolsTagsHasNone() {
    HtoolsTags none = HtoolsTags.of(List.of("backup", "htools"));
    assertEquals(List.of(), none.exclusionTags(List.of("service:web", "backup")));
    assertEquals(Set.of(), none.locations(List.of("rack:1")));
    assertEquals(Set.of(), none.receivedMigrationTags(Set.of()));
  }

  @Test
  void exclusionTagsAreTheInstanceTagsStartingWithAPrefixInTheirOrder() {
    assertEquals(
        List.of("svc-db", "service:web"),
        TAGS.exclusionTags(List.of("svc-db", "backup", "service:web", "web")));
    HtoolsTags nested = HtoolsTags.of(List.of("htools:iextags:a", "htools:iextags:ab"));
    assertEquals(List.of("abc"), nested.exclusionTags(List.of("abc")), "two prefixes, once");
    assertThrows(UnsupportedOperationException.class, () -> TAGS.exclusionTags(List.of()).add("x"));
  }

  @Test
  void desiredLocationsAreTheInstanceTagsStartingWithAPrefix() {
    assertEquals(
        Set.of("rack:1", "rack:2"), TAGS.desiredLocations(List.of("rack:1", "rack", "rack:2")));
  }

  @Test
  void locationsAndMigrationTagsAreTheNodeTagsOfAPrefixAndAColon() {
    List<String> node = List.of("rack:1", "rackety", "rack", "power:a", "hv:new", "hv");
    assertEquals(Set.of("rack:1", "power:a"), TAGS.locations(node));
    assertEquals(Set.of("hv:new"), TAGS.migrationTags(node));
  }

  @Test
  void aNodeReceivesFromItsOwnMigrationTagsAndThoseAllowedToMigrateToThem() {
    assertEquals(Set.of("hv:new", "hv:old"), TAGS.receivedMigrationTags(Set.of("hv:new")));
    assertEquals(Set.of("hv:old"), TAGS.receivedMigrationTags(Set.of("hv:old")));
    assertEquals(
        Set.of("hv:new", "hv:old", "hv:elsewhere", "hv:other"),
        TAGS.receivedMigrationTags(Set.of("hv:new", "hv:elsewhere")));
  }

  @Test
  void keepsCopiesOfItsLists() {
    List<String> prefixes = new ArrayList<>(List.of("a"));
    HtoolsTags tags = new HtoolsTags(prefixes, prefixes, prefixes, prefixes, List.of());
    prefixes.add("b");
    assertEquals(List.of("a"), tags.exclusionPrefixes());
    assertEquals(List.of("a"), tags.locationPrefixes());
    assertEquals(List.of("a"), tags.desiredLocationPrefixes());
    assertEquals(List.of("a"), tags.migrationPrefixes());
  }
}
