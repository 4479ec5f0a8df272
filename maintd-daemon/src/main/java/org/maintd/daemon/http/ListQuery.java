package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.eclipse.jetty.util.Fields;
import org.maintd.http.HttpError;

/**
 * A list read's query, after Ganeti RAPI's habits: filters ({@code group=}, {@code mode=}, {@code
 * name=} and what else the list takes), the fields each item shows ({@code fields=name,mode}: all
 * when none), at most {@code limit} items, after the item keyed {@code after}. Parsed against the
 * {@link Listing} asked: a parameter, field or limit the list does not take is refused, named.
 * Immutable.
 */
public record ListQuery(
    Map<String, String> filters, List<String> fields, OptionalInt limit, Optional<String> after) {
  /** The most items a page may ask for. */
  public static final int MOST = 100_000;

  public ListQuery {
    filters = Map.copyOf(filters);
    fields = List.copyOf(fields);
  }

  /** The whole list, every field. */
  public static ListQuery all() {
    return new ListQuery(Map.of(), List.of(), OptionalInt.empty(), Optional.empty());
  }

  /** {@code query} read for {@code listing}. */
  public static ListQuery of(Fields query, Listing<?> listing) {
    Map<String, String> filters = new LinkedHashMap<>();
    List<String> fields = List.of();
    OptionalInt limit = OptionalInt.empty();
    Optional<String> after = Optional.empty();
    for (Fields.Field f : query) {
      String name = f.getName();
      if (f.getValues().size() > 1) {
        throw HttpError.badRequest("parameter '" + name + "' given more than once");
      }
      String value = f.getValue();
      switch (name) {
        case "fields" -> fields = fields(value, listing);
        case "limit" -> limit = OptionalInt.of(limit(value));
        case "after" -> after = Optional.of(value);
        default -> {
          if (!listing.filters().containsKey(name)) {
            throw HttpError.badRequest(unknown(name, listing));
          }
          filters.put(name, value);
        }
      }
    }
    return new ListQuery(filters, fields, limit, after);
  }

  private static List<String> fields(String value, Listing<?> listing) {
    if (listing.fields().isEmpty()) {
      throw HttpError.badRequest(listing.what() + " have no fields to choose");
    }
    List<String> out = new ArrayList<>();
    for (String f : value.split(",", -1)) {
      String field = f.strip();
      if (!listing.fields().contains(field)) {
        throw HttpError.badRequest(
            "fields: "
                + listing.what()
                + " have no field '"
                + field
                + "' (they have "
                + String.join(", ", listing.fields().stream().sorted().toList())
                + ")");
      }
      if (!out.contains(field)) {
        out.add(field);
      }
    }
    return out;
  }

  private static int limit(String value) {
    try {
      int n = Integer.parseInt(value);
      if (n >= 1 && n <= MOST) {
        return n;
      }
    } catch (NumberFormatException e) {
      // answered below, as a number out of range is
    }
    throw HttpError.badRequest("limit: a whole number from 1 to " + MOST + ", not '" + value + "'");
  }

  private static String unknown(String name, Listing<?> listing) {
    List<String> known = new ArrayList<>(listing.filters().keySet().stream().sorted().toList());
    if (!listing.fields().isEmpty()) {
      known.add("fields");
    }
    known.addAll(List.of("limit", "after"));
    return "unknown parameter '"
        + name
        + "': "
        + listing.what()
        + " take "
        + String.join(", ", known);
  }
}
