package org.maintd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes maintctl's bash completion script, made by picocli from the command tree of {@link
 * Maintctl}: {@code CompletionScript FILE}. The build runs it (target/completion/maintctl);
 * maintctl never does. A failure throws, so that the build fails with it. Thread-safety: a main
 * method only.
 */
public final class CompletionScript {
  private CompletionScript() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: CompletionScript FILE");
    }
    Path script = Path.of(args[0]);
    Files.createDirectories(script.toAbsolutePath().getParent());
    AutoComplete.bash("maintctl", script.toFile(), null, new CommandLine(new Maintctl()));
  }
}
