package org.maintd.round;

import java.util.List;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignSpec;
import org.maintd.incident.Incident;
import org.maintd.maintenance.IfMatch;
import org.maintd.maintenance.Schedule;
import org.maintd.reboot.RebootRequest;

/**
 * An operator's command, applied by the next step and answered after it, with an {@code R}: its
 * answer's type, which each command names. A closed set: {@link Rules} has one rule per command,
 * and each command is applied by its own ({@link #appliedBy}), so that the compiler checks that
 * every command has its rule and that the rule answers what the command promises.
 */
public sealed interface Command<R> {
  /** Who gave it (a user name, or {@code cluster-key}). */
  String who();

  /** This command applied by its rule of {@code rules}. */
  Reply<R> appliedBy(Rules rules);

  /** The rule of each command, each replying with its command's answer. */
  interface Rules {
    Reply<Incident> cancel(Cancel c);

    Reply<Answers.Acknowledged> acknowledge(Acknowledge c);

    Reply<Answers.Paused> pause(Pause c);

    Reply<Campaign> startCampaign(StartCampaign c);

    Reply<Campaign> campaignAction(CampaignAction c);

    Reply<Answers.SchedulePosted> postSchedule(PostSchedule c);

    Reply<List<Answers.TakenDown>> machinesDown(MachinesDown c);

    Reply<List<Answers.BroughtUp>> machinesUp(MachinesUp c);

    Reply<RebootRequest> requestReboot(RequestReboot c);

    Reply<RebootRequest> releaseReboot(ReleaseReboot c);

    Reply<RebootRequest> cancelReboot(CancelReboot c);
  }

  /** No new job for the incident; jobs running finish. Answers the incident as it now is. */
  record Cancel(String uuid, String who) implements Command<Incident> {
    @Override
    public Reply<Incident> appliedBy(Rules rules) {
      return rules.cancel(this);
    }
  }

  /** Acknowledge a completed or failed incident: its outcome tag is removed from its node. */
  record Acknowledge(String uuid, String who) implements Command<Answers.Acknowledged> {
    @Override
    public Reply<Answers.Acknowledged> appliedBy(Rules rules) {
      return rules.acknowledge(this);
    }
  }

  /** Stop ({@code paused}) or restart every automatic action. */
  record Pause(boolean paused, String who) implements Command<Answers.Paused> {
    @Override
    public Reply<Answers.Paused> appliedBy(Rules rules) {
      return rules.pause(this);
    }
  }

  /** Start a campaign. Answers the campaign started. */
  record StartCampaign(CampaignSpec spec, String who) implements Command<Campaign> {
    @Override
    public Reply<Campaign> appliedBy(Rules rules) {
      return rules.startCampaign(this);
    }
  }

  /** Pause, resume or abort a campaign. Answers the campaign as it now is. */
  record CampaignAction(String id, String action, String who) implements Command<Campaign> {
    @Override
    public Reply<Campaign> appliedBy(Rules rules) {
      return rules.campaignAction(this);
    }
  }

  /**
   * Replace the maintenance schedule (an empty one clears it), if it is at a version {@code
   * ifMatch} admits.
   */
  record PostSchedule(Schedule schedule, IfMatch ifMatch, String who)
      implements Command<Answers.SchedulePosted> {
    /** A post whatever the version, as Mesos' clients send it. */
    public PostSchedule(Schedule schedule, String who) {
      this(schedule, new IfMatch.Any(), who);
    }

    @Override
    public Reply<Answers.SchedulePosted> appliedBy(Rules rules) {
      return rules.postSchedule(this);
    }
  }

  /** Take scheduled machines down: out of service, their nodes offline. */
  record MachinesDown(List<String> hostnames, boolean force, String who)
      implements Command<List<Answers.TakenDown>> {
    public MachinesDown {
      hostnames = List.copyOf(hostnames);
    }

    @Override
    public Reply<List<Answers.TakenDown>> appliedBy(Rules rules) {
      return rules.machinesDown(this);
    }
  }

  /** Put machines back in service. */
  record MachinesUp(List<String> hostnames, boolean force, String who)
      implements Command<List<Answers.BroughtUp>> {
    public MachinesUp {
      hostnames = List.copyOf(hostnames);
    }

    @Override
    public Reply<List<Answers.BroughtUp>> appliedBy(Rules rules) {
      return rules.machinesUp(this);
    }
  }

  /** Reboot a node once, or power it off and hold it with a key. Answers the request. */
  record RequestReboot(org.maintd.reboot.RebootAsk ask) implements Command<RebootRequest> {
    @Override
    public String who() {
      return ask.who();
    }

    @Override
    public Reply<RebootRequest> appliedBy(Rules rules) {
      return rules.requestReboot(this);
    }
  }

  /** Release a key holding a node off. Answers the request as it now is. */
  record ReleaseReboot(String node, String key, String who) implements Command<RebootRequest> {
    @Override
    public Reply<RebootRequest> appliedBy(Rules rules) {
      return rules.releaseReboot(this);
    }
  }

  /**
   * Cancel a reboot request: it fails; a node not yet taken down is brought back. Answers the
   * request as it now is.
   */
  record CancelReboot(String node, String id, String who) implements Command<RebootRequest> {
    @Override
    public Reply<RebootRequest> appliedBy(Rules rules) {
      return rules.cancelReboot(this);
    }
  }
}
