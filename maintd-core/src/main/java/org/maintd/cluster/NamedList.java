package org.maintd.cluster;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * An immutable list of a snapshot's nodes or instances that finds the items of a name without
 * searching: where each name is is indexed on the first look-up, and the index is shared by the
 * lists made from this one by changing items under the same names ({@link #changed}). The simulated
 * cluster's operations look up and replace one instance at a time among 100,000, each once. Null
 * items are refused. Thread-safe: the index is built at most once per race, each time the same.
 *
 * @param <T> the items, named by the function given
 */
final class NamedList<T> extends AbstractList<T> implements RandomAccess {
  private static final int[] NONE = new int[0];

  private final Object[] items;
  private final Places<T> places;

  /** Where each name is, for lists of the same names in the same order; built when first asked. */
  private static final class Places<T> {
    private final Function<T, String> nameOf;
    private volatile Map<String, int[]> at;

    Places(Function<T, String> nameOf) {
      this.nameOf = nameOf;
    }

    @SuppressWarnings("unchecked")
    int[] of(String name, Object[] items) {
      Map<String, int[]> m = at;
      if (m == null) {
        m = new HashMap<>(2 * items.length);
        for (int k = 0; k < items.length; k++) {
          String named = nameOf.apply((T) items[k]);
          int[] was = m.getOrDefault(named, NONE);
          int[] now = Arrays.copyOf(was, was.length + 1);
          now[was.length] = k;
          m.put(named, now);
        }
        at = m;
      }
      return m.getOrDefault(name, NONE);
    }
  }

  private NamedList(Object[] items, Places<T> places) {
    this.items = items;
    this.places = places;
  }

  /** {@code items} as a named list: itself when it is one, else a copy. */
  static <T> NamedList<T> of(List<T> items, Function<T, String> nameOf) {
    if (items instanceof NamedList<T> named) {
      return named;
    }
    Object[] copy = items.toArray();
    for (Object o : copy) {
      Objects.requireNonNull(o, "an item of a cluster's list");
    }
    return new NamedList<>(copy, new Places<>(nameOf));
  }

  /** The first item named {@code name}. */
  @SuppressWarnings("unchecked")
  Optional<T> first(String name) {
    int[] at = places.of(name, items);
    return at.length == 0 ? Optional.empty() : Optional.of((T) items[at[0]]);
  }

  /** This list with every item named {@code name} changed by {@code change}, in the same order. */
  @SuppressWarnings("unchecked")
  NamedList<T> changed(String name, UnaryOperator<T> change) {
    int[] at = places.of(name, items);
    if (at.length == 0) {
      return this;
    }
    Object[] copy = items.clone();
    boolean renamed = false;
    for (int k : at) {
      T changed = Objects.requireNonNull(change.apply((T) copy[k]), "a changed item");
      renamed |= !places.nameOf.apply(changed).equals(name);
      copy[k] = changed;
    }
    return new NamedList<>(copy, renamed ? new Places<>(places.nameOf) : places);
  }

  @Override
  @SuppressWarnings("unchecked")
  public T get(int index) {
    Objects.checkIndex(index, items.length);
    return (T) items[index];
  }

  @Override
  public int size() {
    return items.length;
  }
}
