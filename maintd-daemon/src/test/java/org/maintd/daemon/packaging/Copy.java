package org.maintd.daemon.packaging;

import java.util.List;
import java.util.Optional;
import org.maintd.daemon.packaging.ParsedDockerfile.Instruction;

/**
 * One {@code COPY} (or {@code ADD}): the stage it copies from ({@code --from}; empty: the build
 * context), its sources and its destination. Immutable.
 */
record Copy(Optional<String> from, List<String> sources, String destination, int line) {

  /** The copy {@code instruction} makes, its flags other than {@code --from} left aside. */
  static Copy of(Instruction instruction) {
    List<String> words = ParsedDockerfile.words(instruction.arguments());
    Optional<String> from = Optional.empty();
    int i = 0;
    while (i < words.size() && words.get(i).startsWith("--")) {
      if (words.get(i).startsWith("--from=")) {
        from = Optional.of(words.get(i).substring("--from=".length()));
      }
      i++;
    }
    if (words.size() - i < 2) {
      throw new IllegalArgumentException(
          "line "
              + instruction.line()
              + ": "
              + instruction.keyword()
              + " needs a source and a destination");
    }
    return new Copy(
        from,
        List.copyOf(words.subList(i, words.size() - 1)),
        words.get(words.size() - 1),
        instruction.line());
  }

  /** Whether it copies from the build context. */
  boolean fromContext() {
    return from.isEmpty();
  }
}
