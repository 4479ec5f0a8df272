package org.maintd.daemon.http;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.maintd.http.HttpError;
import org.maintd.protocol.json.Json;

/**
 * What a list read offers its queries ({@link ListQuery}): the items it lists ({@code what}, for
 * its messages), each item's key (what {@code after=} names), the filters it takes and the fields
 * an item shows. It cuts a page out of the whole list: the items after the one keyed {@code after}
 * in the whole list's order (so that a page follows its previous one even when the item that ended
 * it no longer passes the filters), that pass every filter, at most {@code limit} of them.
 * Immutable.
 */
public record Listing<T>(
    String what, Function<T, String> key, Map<String, Filter<T>> filters, Set<String> fields) {

  /** A filter: what an item must be to pass, for the value the query gives. */
  @FunctionalInterface
  public interface Filter<T> {
    /** Items passing {@code value}; an {@link IllegalArgumentException} naming a bad value. */
    Predicate<T> passing(String value);
  }

  public Listing {
    filters = Map.copyOf(filters);
    fields = Set.copyOf(fields);
  }

  /** The fields an item of {@code type} shows in JSON, by their JSON names. */
  public static Set<String> fieldsOf(Class<?> type) {
    BeanDescription d =
        Json.MAPPER.getSerializationConfig().introspect(Json.MAPPER.constructType(type));
    Set<String> names = new LinkedHashSet<>();
    for (BeanPropertyDefinition p : d.findProperties()) {
      names.add(p.getName());
    }
    return names;
  }

  /** The page of {@code all} that {@code query} asks for. */
  public Page<T> page(List<T> all, ListQuery query) {
    Predicate<T> passes = passing(query);
    int from = query.after().map(a -> after(all, a)).orElse(0);
    int most = query.limit().orElse(Integer.MAX_VALUE);
    List<T> items = new ArrayList<>(Math.min(most, all.size() - from));
    for (int i = from; i < all.size(); i++) {
      T item = all.get(i);
      if (!passes.test(item)) {
        continue;
      }
      if (items.size() == most) {
        return new Page<>(items, Optional.of(key.apply(items.get(most - 1))));
      }
      items.add(item);
    }
    return new Page<>(items, Optional.empty());
  }

  private Predicate<T> passing(ListQuery query) {
    Predicate<T> all = t -> true;
    for (Map.Entry<String, String> f : query.filters().entrySet()) {
      Filter<T> filter = filters.get(f.getKey());
      if (filter == null) {
        throw HttpError.badRequest(what + " have no filter '" + f.getKey() + "'");
      }
      try {
        all = all.and(filter.passing(f.getValue()));
      } catch (IllegalArgumentException e) {
        throw HttpError.badRequest("filter '" + f.getKey() + "': " + e.getMessage());
      }
    }
    return all;
  }

  /** Where the items after the one keyed {@code after} start; refused when there is none. */
  private int after(List<T> all, String after) {
    for (int i = 0; i < all.size(); i++) {
      if (key.apply(all.get(i)).equals(after)) {
        return i + 1;
      }
    }
    throw HttpError.notFound(
        "after: '" + after + "' is not among the " + what + " (any more): start again without it");
  }
}
