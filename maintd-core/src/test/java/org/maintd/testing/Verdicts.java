package org.maintd.testing;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.maintd.machine.Verdict;

/** Reading a machine command's verdict in tests. */
public final class Verdicts {
  private Verdicts() {}

  /** The change an allowed verdict makes; fails on any other verdict. */
  @SuppressWarnings("unchecked")
  public static <A> A allowed(Verdict<A> v) {
    return ((Verdict.Allowed<A>) assertInstanceOf(Verdict.Allowed.class, v)).change();
  }
}
