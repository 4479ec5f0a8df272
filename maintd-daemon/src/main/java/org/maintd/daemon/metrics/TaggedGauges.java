package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/** Gauges of a closed set of values, one per value, each tagged with its label. Stateless. */
final class TaggedGauges {
  private TaggedGauges() {}

  /** One gauge {@code name} for each of {@code values}, tagged with its label, of its count. */
  static <T> void register(
      MeterRegistry registry,
      String name,
      String description,
      String tag,
      T[] values,
      Function<T, String> label,
      ToLongFunction<T> count) {
    for (T value : values) {
      Gauge.builder(name, () -> count.applyAsLong(value))
          .description(description)
          .tag(tag, label.apply(value))
          .register(registry);
    }
  }
}
