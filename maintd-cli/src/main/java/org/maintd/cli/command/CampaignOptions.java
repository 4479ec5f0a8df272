package org.maintd.cli.command;

import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.DurationValue;
import picocli.CommandLine.Option;

/**
 * What a campaign asks for, as {@code maintctl campaign start} and {@code maintctl rehearse
 * --campaign} take it: the node selection, the mode, how many nodes at once, the soak and boot
 * times, the daily windows; the body of {@code POST /1/campaigns} ({@link #request}). Not
 * thread-safe: filled by picocli for one command.
 */
final class CampaignOptions {
  @Option(names = "--node", paramLabel = "NODE", description = "A node to reboot (repeatable).")
  List<String> nodes = new ArrayList<>();

  @Option(
      names = {"-G", "--group"},
      description = "Only the nodes of this node group.")
  String group;

  @Option(
      names = "--node-tag",
      paramLabel = "TAG",
      description = "Only nodes with one of these tags (repeatable).")
  List<String> tags = new ArrayList<>();

  @Option(
      names = "--mode",
      defaultValue = "migrate-reboot",
      description = "migrate-reboot (default) or full-evacuation.")
  String mode;

  @Option(
      names = "--max-nodes",
      defaultValue = "0",
      description = "At most this many nodes at once (0: as the plan allows).")
  int maxNodes;

  @Option(
      names = "--soak",
      description =
          "How long a rebooted node must report Ok before its instances return (default 5m).")
  String soak;

  @Option(
      names = "--boot-timeout",
      description = "How long a reboot may take before the campaign stops (default 15m).")
  String bootTimeout;

  @Option(
      names = "--window",
      paramLabel = "HH:MM-HH:MM",
      description = "A daily window (UTC) in which groups may start (repeatable).")
  List<String> windows = new ArrayList<>();

  /**
   * The body of {@code POST /1/campaigns}: only what was given, the daemon's defaults for the rest.
   */
  CampaignRequest request() {
    return new CampaignRequest(
        nodes.isEmpty() ? null : nodes,
        group,
        tags.isEmpty() ? null : tags,
        mode,
        (long) maxNodes,
        soak == null ? null : DurationValue.of(soak),
        bootTimeout == null ? null : DurationValue.of(bootTimeout),
        windows.isEmpty() ? null : windows);
  }
}
