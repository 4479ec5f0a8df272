package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.RebootView;
import picocli.CommandLine.Command;

/** {@code maintctl reboots}: every reboot request not yet done or failed, as a table. */
@Command(name = "reboots", description = "List the reboot requests that are pending or held.")
public final class RebootsCommand extends ApiCommand.TopLevel {
  private static final TypeReference<List<RebootView>> REBOOTS = new TypeReference<>() {};

  @Override
  public void run() {
    print(client().get("/1/reboots", REBOOTS), RebootsCommand::table);
  }

  static String table(List<RebootView> requests) {
    Table t = new Table("NODE", "KEY", "MODE", "STATUS", "SINCE", "BY", "REASON", "ID");
    for (RebootView r : requests) {
      t.row(
          r.node(),
          r.key() == null ? "-" : r.key() + (r.released() ? " (released)" : ""),
          r.mode(),
          r.status(),
          Times.format(r.pendingRebootSince()),
          r.who(),
          r.reason().isEmpty() ? "-" : r.reason(),
          r.id());
    }
    return t.render();
  }
}
