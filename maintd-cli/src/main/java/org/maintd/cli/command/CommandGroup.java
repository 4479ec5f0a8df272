package org.maintd.cli.command;

import org.maintd.cli.Maintctl;
import picocli.CommandLine;
import picocli.CommandLine.ParentCommand;

/**
 * A command of maintctl made of subcommands ({@code campaign}, {@code sim}): given none, a usage
 * error that names them.
 */
abstract class CommandGroup implements Runnable {
  @ParentCommand Maintctl parent;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "a "
            + spec.name()
            + " command is required ("
            + String.join(", ", spec.subcommands().keySet())
            + ")");
  }

  /** A subcommand of a group. */
  abstract static class Member extends ApiCommand {
    @ParentCommand CommandGroup group;

    @Override
    Maintctl root() {
      return group.parent;
    }
  }
}
