package org.maintd.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a command for one machine (a node, its name resolved before) comes to: allowed, with the
 * change {@code A} it makes; or refused, with why and what to do.
 */
public sealed interface Verdict<A> {
  /** Allowed: {@code change} is what it does. */
  record Allowed<A>(A change) implements Verdict<A> {}

  /** Not now; {@code reason} says why and what to do. */
  record Refused<A>(String node, String reason) implements Verdict<A> {}

  /** A command's verdicts over all the machines it names, taken together. */
  sealed interface Together<A> {
    /** Every machine may go: the changes, in the command's order. */
    record AllAllowed<A>(List<A> changes) implements Together<A> {}

    /** Some were refused: every reason, in the command's order; nothing is done. */
    record Refused<A>(List<String> reasons) implements Together<A> {}
  }

  /**
   * {@code decide} for each of {@code machines}, in order: the command is all or nothing, so one
   * refusal refuses it, naming every reason.
   */
  static <M, A> Together<A> together(List<M> machines, Function<M, Verdict<A>> decide) {
    List<A> changes = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (M machine : machines) {
      Verdict<A> v = decide.apply(machine);
      if (v instanceof Refused<A> r) {
        refused.add(r.reason());
      } else if (v instanceof Allowed<A> a) {
        changes.add(a.change());
      } else {
        throw new IllegalStateException("no rule for the verdict " + v);
      }
    }
    return refused.isEmpty()
        ? new Together.AllAllowed<>(List.copyOf(changes))
        : new Together.Refused<>(List.copyOf(refused));
  }
}
