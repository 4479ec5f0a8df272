package org.maintd.round;

import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.campaign.Campaigns;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentException;
import org.maintd.incident.IncidentStatus;
import org.maintd.reboot.RebootRequest;

/**
 * Operator commands, applied in the order given, each by its own rule ({@link Command.Rules}) and
 * answered: cancel, acknowledge (its tag removal is an effect; the answer waits for it), pause and
 * resume, campaigns, the schedule ({@link ScheduleCommands}), the machines' ({@link
 * MachineCommands}: down, up) and reboot requests ({@link RebootCommands}). A refusal changes
 * nothing. Not thread-safe: one per step.
 */
final class Commands {
  private final Turn t;
  private final Supplier<UUID> uuids;

  Commands(Turn t, Supplier<UUID> uuids) {
    this.t = t;
    this.uuids = uuids;
  }

  void apply() {
    for (Inputs.Numbered<?> n : t.inputs.commands()) {
      t.replies.put(n.id(), reply(n));
    }
  }

  /** The reply of the command's own rule, or the refusal of what the rule threw. */
  private Reply<?> reply(Inputs.Numbered<?> n) {
    try {
      return n.command().appliedBy(new RulesOf(n.id()));
    } catch (CampaignException e) {
      return new Reply.Refused<>(Refusal.of(e.reason()), e.getMessage());
    } catch (IncidentException e) {
      return new Reply.Refused<>(Refusal.CONFLICT, e.getMessage());
    } catch (IllegalArgumentException e) {
      return new Reply.Refused<>(Refusal.BAD_REQUEST, e.getMessage());
    }
  }

  /** The rules of the command numbered {@code id}. */
  private final class RulesOf implements Command.Rules {
    private final long id;

    RulesOf(long id) {
      this.id = id;
    }

    @Override
    public Reply<Incident> cancel(Command.Cancel c) {
      return Commands.this.cancel(c);
    }

    @Override
    public Reply<Answers.Acknowledged> acknowledge(Command.Acknowledge c) {
      return Commands.this.acknowledge(id, c);
    }

    @Override
    public Reply<Answers.Paused> pause(Command.Pause c) {
      return Commands.this.pause(c);
    }

    @Override
    public Reply<Campaign> startCampaign(Command.StartCampaign c) {
      return Commands.this.startCampaign(c);
    }

    @Override
    public Reply<Campaign> campaignAction(Command.CampaignAction c) {
      return Commands.this.campaignAction(c);
    }

    @Override
    public Reply<Answers.SchedulePosted> postSchedule(Command.PostSchedule c) {
      return new ScheduleCommands(t).post(c);
    }

    @Override
    public Reply<List<Answers.TakenDown>> machinesDown(Command.MachinesDown c) {
      return new MachineCommands(t).down(c);
    }

    @Override
    public Reply<List<Answers.BroughtUp>> machinesUp(Command.MachinesUp c) {
      return new MachineCommands(t).up(c);
    }

    @Override
    public Reply<RebootRequest> requestReboot(Command.RequestReboot c) {
      return new RebootCommands(t).request(c, uuids);
    }

    @Override
    public Reply<RebootRequest> releaseReboot(Command.ReleaseReboot c) {
      return new RebootCommands(t).release(c);
    }

    @Override
    public Reply<RebootRequest> cancelReboot(Command.CancelReboot c) {
      return new RebootCommands(t).cancel(c);
    }
  }

  private Reply<Answers.Paused> pause(Command.Pause x) {
    t.state =
        t.state.withPaused(
            x.paused(), "automatic actions stopped by " + x.who() + " (maintctl resume)");
    t.log.add(
        LogLine.info(
            "automatic actions " + (x.paused() ? "paused" : "resumed") + " by " + x.who()));
    return new Reply.Done<>(new Answers.Paused(t.state.paused(), t.state.pauseReason()));
  }

  private Reply<Campaign> campaignAction(Command.CampaignAction x) {
    Campaign changed =
        CampaignList.command(
            CampaignList.find(t.state.campaigns(), x.id()), x.action(), x.who(), t.now);
    t.state = t.state.withCampaigns(CampaignList.replace(t.state.campaigns(), changed));
    t.log.add(
        LogLine.info(
            "[campaign="
                + x.id()
                + "] "
                + x.action()
                + " by "
                + x.who()
                + ": now "
                + changed.status().wireName()));
    return new Reply.Done<>(changed);
  }

  private Reply<Incident> cancel(Command.Cancel c) {
    Incident inc = t.incident(c.uuid()).orElse(null);
    if (inc == null) {
      return new Reply.Refused<>(Refusal.NOT_FOUND, "no incident " + c.uuid());
    }
    Incident canceled = t.lifecycle.cancel(inc, t.now, "canceled by " + c.who());
    t.replaceIncident(inc.uuid(), i -> canceled);
    t.log.add(
        LogLine.info(
            "[incident=" + c.uuid() + "] [node=" + inc.node() + "] canceled by " + c.who()));
    return new Reply.Done<>(canceled);
  }

  private Reply<Answers.Acknowledged> acknowledge(long id, Command.Acknowledge c) {
    Incident inc = t.incident(c.uuid()).orElse(null);
    if (inc == null) {
      return new Reply.Refused<>(Refusal.NOT_FOUND, "no incident " + c.uuid());
    }
    if (!inc.tagged()
        || !(inc.status() == IncidentStatus.COMPLETED || inc.status() == IncidentStatus.FAILED)) {
      return new Reply.Refused<>(
          Refusal.CONFLICT,
          "incident "
              + c.uuid()
              + " is "
              + inc.status().wireName()
              + " and has no outcome tag yet; only completed or failed incidents can be acknowledged");
    }
    String key = "ack:" + id;
    t.tag(
        new Effect.Tag(
            key,
            org.maintd.cluster.TaggedObject.node(inc.node()),
            List.of(),
            List.of(inc.tag()),
            "acknowledged by " + c.who()));
    t.log.add(
        LogLine.info(
            "[incident="
                + c.uuid()
                + "] [node="
                + inc.node()
                + "] tag "
                + inc.tag()
                + " removed by "
                + c.who()));
    return new Reply.AfterEffects<>(
        List.of(key), outcomes -> new Answers.Acknowledged(inc, inc.tag()));
  }

  private Reply<Campaign> startCampaign(Command.StartCampaign c) {
    t.state.campaigns().stream()
        .filter(x -> x.status().isActive())
        .findFirst()
        .ifPresent(
            x -> {
              throw new CampaignException(
                  CampaignException.Kind.CONFLICT,
                  "campaign "
                      + x.id()
                      + " is "
                      + x.status().wireName()
                      + "; abort it or wait for it to end");
            });
    Campaign created =
        new Campaigns()
            .create(uuids.get().toString(), c.spec(), t.cluster, t.now)
            .event(t.now, "started", "by " + c.who());
    t.state = t.state.withCampaigns(CampaignList.append(t.state.campaigns(), created));
    t.log.add(
        LogLine.info(
            "[campaign="
                + created.id()
                + "] started by "
                + c.who()
                + ": "
                + created.groups().size()
                + " group(s) "
                + created.groups()));
    return new Reply.Done<>(created);
  }
}
