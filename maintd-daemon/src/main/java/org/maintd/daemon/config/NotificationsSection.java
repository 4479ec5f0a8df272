package org.maintd.daemon.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.maintd.config.ConfigSection;
import org.maintd.notify.EventKind;
import org.maintd.wire.WireName;

/**
 * The keys of {@code notifications} in {@code maintd.yaml}: {@code receivers}, a mapping of names
 * to receivers (each with exactly one of {@code url}, an http or https URL, and {@code file}, an
 * absolute path; {@code events}, a list of event names, every event when absent; {@code form},
 * {@code json} or {@code slack}), then {@code timeout}, {@code retry}, {@code retryMax} (at least
 * {@code retry}) and {@code giveUpAfter}. Each bad value is told with its key. Stateless.
 */
final class NotificationsSection {
  private static final Set<String> SCHEMES = Set.of("http", "https");

  private NotificationsSection() {}

  static Notifications read(ConfigSection n) {
    Notifications d = Notifications.none();
    List<Notifications.Receiver> receivers = receivers(n.section("receivers"));
    Duration second = Duration.ofSeconds(1);
    Duration retry = n.duration("retry", d.retry(), second);
    Duration retryMax = n.duration("retryMax", d.retryMax(), second);
    if (retryMax.compareTo(retry) < 0) {
      n.problem("retryMax", "must be at least retry (" + retry.toSeconds() + "s)");
    }
    return new Notifications(
        receivers,
        n.duration("timeout", d.timeout(), Duration.ofMillis(100)),
        retry,
        retryMax,
        n.duration("giveUpAfter", d.giveUpAfter(), Duration.ofMinutes(1)));
  }

  private static List<Notifications.Receiver> receivers(ConfigSection r) {
    List<Notifications.Receiver> out = new ArrayList<>();
    for (String name : r.keys()) {
      if (!name.matches("[A-Za-z0-9_.-]{1,64}")) {
        r.problem(name, "a receiver's name is 1 to 64 letters, digits, '_', '.' and '-'");
      }
      ConfigSection one = r.section(name);
      target(one)
          .ifPresent(t -> out.add(new Notifications.Receiver(name, t, events(one), form(one))));
    }
    return out;
  }

  private static Optional<Notifications.Target> target(ConfigSection one) {
    String url = one.string("url", "");
    String file = one.string("file", "");
    if (url.isEmpty() == file.isEmpty()) {
      one.problem("url", "give exactly one of url (a webhook) and file (a JSON-lines file)");
      return Optional.empty();
    }
    if (!file.isEmpty()) {
      if (!Path.of(file).isAbsolute()) {
        one.problem("file", "must be an absolute path, not '" + file + "'");
        return Optional.empty();
      }
      return Optional.of(new Notifications.Target.File(Path.of(file)));
    }
    return webhook(one, url);
  }

  private static Optional<Notifications.Target> webhook(ConfigSection one, String url) {
    try {
      URI uri = new URI(url);
      if (uri.getScheme() == null
          || !SCHEMES.contains(uri.getScheme().toLowerCase(Locale.ROOT))
          || uri.getHost() == null) {
        one.problem("url", "must be an http or https URL with a host, not '" + url + "'");
        return Optional.empty();
      }
      return Optional.of(new Notifications.Target.Webhook(uri));
    } catch (URISyntaxException e) {
      one.problem("url", "is not a URL (" + e.getReason() + "): '" + url + "'");
      return Optional.empty();
    }
  }

  private static Set<EventKind> events(ConfigSection one) {
    if (!one.holdsList("events")) {
      one.stringList("events");
      return EnumSet.complementOf(EnumSet.of(EventKind.TEST));
    }
    Set<EventKind> out = EnumSet.noneOf(EventKind.class);
    for (String name : one.stringList("events")) {
      Optional<EventKind> kind = WireName.parse(EventKind.class, name);
      if (kind.isEmpty() || kind.get() == EventKind.TEST) {
        one.problem("events", "unknown event '" + name + "'; known: " + EventKind.wanted());
      }
      kind.ifPresent(out::add);
    }
    return out;
  }

  private static Notifications.Form form(ConfigSection one) {
    String form = one.oneOf("form", "json", List.of("json", "slack"));
    return form.equals("slack") ? Notifications.Form.SLACK : Notifications.Form.JSON;
  }
}
