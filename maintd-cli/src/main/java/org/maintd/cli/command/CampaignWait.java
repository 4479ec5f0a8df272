package org.maintd.cli.command;

import java.util.Set;
import java.util.function.Supplier;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.CampaignView;

/**
 * One look at a campaign, as {@code GET /1/campaigns/<id>} shows it, its progress line {@code
 * running · group 1/2 · 0/3 done · node5 boot · ...}: done once it has ended with one of the
 * statuses asked for ({@code completed}; {@code aborted} too after an abort), failed once it has
 * ended otherwise, with its reason. Not thread-safe.
 */
final class CampaignWait implements Supplier<Look<CampaignView>> {
  private final ApiClient client;
  private final String id;
  private final Set<String> success;

  CampaignWait(ApiClient client, String id, Set<String> success) {
    this.client = client;
    this.id = id;
    this.success = Set.copyOf(success);
  }

  @Override
  public Look<CampaignView> get() {
    CampaignView c = client.get("/1/campaigns/" + id, CampaignView.class);
    String line = CampaignCommand.Details.progress(c);
    if (!c.ended()) {
      return Look.going(line);
    }
    if (success.contains(c.status())) {
      return Look.done(c, line);
    }
    return Look.failed(c, line, "campaign " + c.id() + " " + c.status() + ": " + c.reason());
  }
}
