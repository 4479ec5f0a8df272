package org.maintd.balance;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Instance names as the htools look them up ({@code --select-instances}, {@code
 * --exclude-instances}): a name matches itself, or else the one instance whose name starts with it
 * and a dot ({@code web1} finds {@code web1.example.com}); a name that matches several that way, or
 * none, matches nothing. Stateless.
 */
public final class InstanceLookup {
  private InstanceLookup() {}

  /** The instance {@code key} names among {@code names}, if exactly one. */
  public static Optional<String> find(Collection<String> names, String key) {
    String partial = null;
    int partials = 0;
    for (String name : names) {
      if (name.equals(key)) {
        return Optional.of(name);
      }
      if (name.startsWith(key + ".")) {
        partial = name;
        partials++;
      }
    }
    return partials == 1 ? Optional.of(partial) : Optional.empty();
  }

  /** The keys among {@code keys} that name no instance of {@code names}, in order. */
  public static List<String> unknown(Collection<String> names, List<String> keys) {
    List<String> out = new ArrayList<>();
    for (String key : keys) {
      if (find(names, key).isEmpty()) {
        out.add(key);
      }
    }
    return out;
  }
}
