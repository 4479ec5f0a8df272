package org.maintd.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes maintctl's bash completion script, made by picocli from the command tree of {@link
 * Maintctl}: {@code CompletionScript FILE}. The build runs it (target/completion/maintctl);
 * maintctl never does. Without picocli's first line ({@code #!/usr/bin/env bash}): bash-completion
 * sources the file, it is never run. A failure throws, so that the build fails with it.
 * Thread-safety: a main method only.
 */
public final class CompletionScript {
  private CompletionScript() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: CompletionScript FILE");
    }
    Path script = Path.of(args[0]);
    Files.createDirectories(script.toAbsolutePath().getParent());
    String made = AutoComplete.bash("maintctl", new CommandLine(new Maintctl()));
    Files.writeString(
        script, made.startsWith("#!") ? made.substring(made.indexOf('\n') + 1) : made);
  }
}
