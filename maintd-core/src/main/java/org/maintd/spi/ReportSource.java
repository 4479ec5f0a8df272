package org.maintd.spi;

import java.util.Collection;
import java.util.Map;

/** Polls nodes' collectors. Implementations poll concurrently and never throw for one node. */
public interface ReportSource {
  Map<String, CollectorReading> poll(Collection<String> nodes);
}
