package org.maintd.cli.command;

import java.util.Map;
import org.maintd.protocol.api.PausedView;
import picocli.CommandLine.Command;

/** {@code maintctl pause}: stops all automatic actions; observation goes on. */
@Command(name = "pause", description = "Stop all automatic actions (incidents are still observed).")
public final class PauseCommand extends ApiCommand.TopLevel {
  @Override
  public void run() {
    printLine(client().post("/1/pause", Map.of(), PausedView.class), "automatic actions paused");
  }
}
