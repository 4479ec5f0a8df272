package org.maintd.round;

import java.util.List;
import org.maintd.campaign.CampaignSpec;
import org.maintd.maintenance.IfMatch;
import org.maintd.maintenance.Schedule;

/** An operator's command, applied by the next step and answered after it. A closed set. */
public sealed interface Command {
  /** Who gave it (a user name, or {@code cluster-key}). */
  String who();

  /** No new job for the incident; jobs running finish. */
  record Cancel(String uuid, String who) implements Command {}

  /** Acknowledge a completed or failed incident: its outcome tag is removed from its node. */
  record Acknowledge(String uuid, String who) implements Command {}

  /** Stop ({@code paused}) or restart every automatic action. */
  record Pause(boolean paused, String who) implements Command {}

  /** Start a campaign. */
  record StartCampaign(CampaignSpec spec, String who) implements Command {}

  /** Pause, resume or abort a campaign. */
  record CampaignAction(String id, String action, String who) implements Command {}

  /**
   * Replace the maintenance schedule (an empty one clears it), if it is at a version {@code
   * ifMatch} admits.
   */
  record PostSchedule(Schedule schedule, IfMatch ifMatch, String who) implements Command {
    /** A post whatever the version, as Mesos' clients send it. */
    public PostSchedule(Schedule schedule, String who) {
      this(schedule, new IfMatch.Any(), who);
    }
  }

  /** Take scheduled machines down: out of service, their nodes offline. */
  record MachinesDown(List<String> hostnames, boolean force, String who) implements Command {
    public MachinesDown {
      hostnames = List.copyOf(hostnames);
    }
  }

  /** Put machines back in service. */
  record MachinesUp(List<String> hostnames, boolean force, String who) implements Command {
    public MachinesUp {
      hostnames = List.copyOf(hostnames);
    }
  }

  /** Reboot a node once, or power it off and hold it with a key. */
  record RequestReboot(org.maintd.reboot.RebootAsk ask) implements Command {
    @Override
    public String who() {
      return ask.who();
    }
  }

  /** Release a key holding a node off. */
  record ReleaseReboot(String node, String key, String who) implements Command {}

  /** Cancel a reboot request: it fails; a node not yet taken down is brought back. */
  record CancelReboot(String node, String id, String who) implements Command {}
}
