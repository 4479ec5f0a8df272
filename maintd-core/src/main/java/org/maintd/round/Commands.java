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

/**
 * Operator commands, applied in the order given, each answered: cancel, acknowledge (its tag
 * removal is an effect; the answer waits for it), pause and resume, campaigns, the schedule ({@link
 * ScheduleCommands}) and the machines' ({@link MachineCommands}: down, up). A refusal changes
 * nothing.
 */
final class Commands {
  private final Turn t;
  private final Supplier<UUID> uuids;

  Commands(Turn t, Supplier<UUID> uuids) {
    this.t = t;
    this.uuids = uuids;
  }

  void apply() {
    for (Inputs.Numbered n : t.inputs.commands()) {
      Reply reply;
      try {
        reply = apply(n.id(), n.command());
      } catch (CampaignException e) {
        reply = new Reply.Refused(Refusal.of(e.reason()), e.getMessage());
      } catch (IncidentException e) {
        reply = new Reply.Refused(Refusal.CONFLICT, e.getMessage());
      } catch (IllegalArgumentException e) {
        reply = new Reply.Refused(Refusal.BAD_REQUEST, e.getMessage());
      }
      t.replies.put(n.id(), reply);
    }
  }

  private Reply apply(long id, Command c) {
    if (c instanceof Command.Cancel x) {
      return cancel(x);
    }
    if (c instanceof Command.Acknowledge x) {
      return acknowledge(id, x);
    }
    if (c instanceof Command.Pause x) {
      t.state =
          t.state.withPaused(
              x.paused(), "automatic actions stopped by " + x.who() + " (maintctl resume)");
      t.log.add(
          LogLine.info(
              "automatic actions " + (x.paused() ? "paused" : "resumed") + " by " + x.who()));
      return new Reply.Done(new Answers.Paused(t.state.paused(), t.state.pauseReason()));
    }
    if (c instanceof Command.StartCampaign x) {
      return startCampaign(x);
    }
    if (c instanceof Command.CampaignAction x) {
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
      return new Reply.Done(changed);
    }
    if (c instanceof Command.PostSchedule x) {
      return new ScheduleCommands(t).post(x);
    }
    if (c instanceof Command.MachinesDown x) {
      return new MachineCommands(t).down(x);
    }
    if (c instanceof Command.MachinesUp x) {
      return new MachineCommands(t).up(x);
    }
    if (c instanceof Command.RequestReboot x) {
      return new RebootCommands(t).request(x, uuids);
    }
    if (c instanceof Command.ReleaseReboot x) {
      return new RebootCommands(t).release(x);
    }
    if (c instanceof Command.CancelReboot x) {
      return new RebootCommands(t).cancel(x);
    }
    throw new IllegalStateException("no rule for the command " + c);
  }

  private Reply cancel(Command.Cancel c) {
    Incident inc = t.incident(c.uuid()).orElse(null);
    if (inc == null) {
      return new Reply.Refused(Refusal.NOT_FOUND, "no incident " + c.uuid());
    }
    Incident canceled = t.lifecycle.cancel(inc, t.now, "canceled by " + c.who());
    t.replaceIncident(inc.uuid(), i -> canceled);
    t.log.add(
        LogLine.info(
            "[incident=" + c.uuid() + "] [node=" + inc.node() + "] canceled by " + c.who()));
    return new Reply.Done(canceled);
  }

  private Reply acknowledge(long id, Command.Acknowledge c) {
    Incident inc = t.incident(c.uuid()).orElse(null);
    if (inc == null) {
      return new Reply.Refused(Refusal.NOT_FOUND, "no incident " + c.uuid());
    }
    if (!inc.tagged()
        || !(inc.status() == IncidentStatus.COMPLETED || inc.status() == IncidentStatus.FAILED)) {
      return new Reply.Refused(
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
    return new Reply.AfterEffects(
        List.of(key), outcomes -> new Answers.Acknowledged(inc, inc.tag()));
  }

  private Reply startCampaign(Command.StartCampaign c) {
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
    return new Reply.Done(created);
  }
}
