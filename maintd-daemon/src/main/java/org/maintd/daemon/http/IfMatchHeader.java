package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maintd.maintenance.IfMatch;

/**
 * A change's {@code If-Match} header read as the schedule's versions it names: none given, or
 * {@code *}, admits any version; otherwise the strong entity tags {@code "<version>"} it lists (a
 * weak tag, or one maintd never gave, matches none: the change is refused with 412). Stateless.
 */
final class IfMatchHeader {
  private static final Pattern VERSION = Pattern.compile("\"(\\d{1,18})\"");

  private IfMatchHeader() {}

  static IfMatch parse(Optional<String> header) {
    if (header.isEmpty() || header.get().strip().equals("*")) {
      return new IfMatch.Any();
    }
    List<Long> versions = new ArrayList<>();
    for (String tag : header.get().split(",")) {
      Matcher m = VERSION.matcher(tag.strip());
      if (m.matches()) {
        versions.add(Long.parseLong(m.group(1)));
      }
    }
    return new IfMatch.OneOf(versions);
  }

  /** The entity tag of the schedule at {@code version}, as {@code ETag} sends it. */
  static String etag(long version) {
    return "\"" + version + "\"";
  }
}
