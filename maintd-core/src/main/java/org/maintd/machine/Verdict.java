package org.maintd.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * What a command for one machine comes to: allowed, with the change {@code A} it makes; refused,
 * with why and what to do; or no node of that name.
 */
public sealed interface Verdict<A> {
  /** Allowed: {@code change} is what it does. */
  record Allowed<A>(A change) implements Verdict<A> {}

  /** Not now; {@code reason} says why and what to do. */
  record Refused<A>(String node, String reason) implements Verdict<A> {}

  /** No node of that name. */
  record Unknown<A>(String hostname) implements Verdict<A> {}

  /** A command's verdicts over all the machines it names, taken together. */
  sealed interface Together<A> {
    /** Every machine may go: the changes, in the command's order. */
    record AllAllowed<A>(List<A> changes) implements Together<A> {}

    /** A name that is no node; the machines after it were not decided. */
    record NoSuchNode<A>(String hostname) implements Together<A> {}

    /** Some were refused: every reason, in the command's order; nothing is done. */
    record Refused<A>(List<String> reasons) implements Together<A> {}
  }

  /**
   * {@code decide} for each of {@code hostnames}, in order, until a name is no node: the command is
   * all or nothing, so one refusal refuses it, naming every reason.
   */
  static <A> Together<A> together(List<String> hostnames, Function<String, Verdict<A>> decide) {
    List<A> changes = new ArrayList<>();
    List<String> refused = new ArrayList<>();
    for (String hostname : hostnames) {
      Verdict<A> v = decide.apply(hostname);
      if (v instanceof Unknown<A> u) {
        return new Together.NoSuchNode<>(u.hostname());
      } else if (v instanceof Refused<A> r) {
        refused.add(r.reason());
      } else {
        changes.add(((Allowed<A>) v).change());
      }
    }
    return refused.isEmpty()
        ? new Together.AllAllowed<>(List.copyOf(changes))
        : new Together.Refused<>(List.copyOf(refused));
  }
}
