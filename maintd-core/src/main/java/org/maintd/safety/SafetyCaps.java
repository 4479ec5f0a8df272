package org.maintd.safety;

import java.util.List;
import java.util.Objects;

/**
 * Limits on how much of the cluster automatic actions may take out of service: at most {@code
 * maxUnavailable} nodes per node group and per failure domain (the nodes sharing a tag that starts
 * with one of {@code failureDomainPrefixes}, such as {@code rack:}), drained or offline at once.
 */
public record SafetyCaps(Allowance maxUnavailable, List<String> failureDomainPrefixes) {

  public SafetyCaps {
    Objects.requireNonNull(maxUnavailable, "maxUnavailable");
    failureDomainPrefixes = List.copyOf(failureDomainPrefixes);
  }

  public static SafetyCaps defaults() {
    return new SafetyCaps(new Allowance(1, false), List.of());
  }
}
