package org.maintd.cli.command;

import java.util.Map;
import org.maintd.protocol.api.PausedView;
import picocli.CommandLine.Command;

/** {@code maintctl resume}: restarts automatic actions. */
@Command(name = "resume", description = "Restart automatic actions.")
public final class ResumeCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    printLine(client().post("/1/resume", Map.of(), PausedView.class), "automatic actions resumed");
  }
}
