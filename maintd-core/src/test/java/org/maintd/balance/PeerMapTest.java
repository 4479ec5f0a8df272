package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PeerMapTest {
  @Test
  void keepsOneReservePerPrimaryAsAMapWould() {
    PeerMap peers = new PeerMap();
    Map<Integer, Long> expected = new TreeMap<>();
    for (int k = 0; k < 9; k++) {
      peers.put(k * 3, 100L * k);
      expected.put(k * 3, 100L * k);
    }
    peers.put(6, 5000);
    expected.put(6, 5000L);
    peers.remove(0);
    peers.remove(12);
    peers.remove(7);
    expected.remove(0);
    expected.remove(12);
    assertEquals(expected, peers.asMap());
    assertEquals(5000, peers.max());
    assertEquals(expected.values().stream().mapToLong(Long::longValue).sum(), peers.sum());
    assertEquals(0, peers.get(12));
    assertEquals(800, peers.get(24));
  }

  @Test
  void aCopyChangesApartFromItsOriginal() {
    PeerMap peers = new PeerMap();
    peers.put(1, 10);
    PeerMap copy = peers.copy();
    copy.put(1, 20);
    copy.put(2, 30);
    peers.remove(1);
    assertEquals(Map.of(), peers.asMap());
    assertEquals(Map.of(1, 20L, 2, 30L), copy.asMap());
    assertEquals(0, peers.max());
  }

  @Test
  void anOriginalChangesApartFromItsCopy() {
    PeerMap peers = new PeerMap();
    peers.put(1, 10);
    PeerMap copy = peers.copy();
    peers.put(1, 15);
    peers.put(3, 40);
    assertEquals(Map.of(1, 10L), copy.asMap());
    peers.remove(1);
    copy.remove(1);
    assertEquals(Map.of(3, 40L), peers.asMap());
    assertEquals(Map.of(), copy.asMap());
  }
}
