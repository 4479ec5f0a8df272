package org.maintd.daemon.app;

import java.time.Clock;
import java.util.Optional;
import org.eclipse.jetty.client.HttpClient;
import org.maintd.daemon.config.CollectorSettings;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.daemon.poll.CollectorPoller;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.daemon.poll.LoadReader;
import org.maintd.daemon.poll.ReportClocks;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.daemon.repair.RepairClient;
import org.maintd.daemon.repair.RepairRecordsClient;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.ClusterBackend;

/**
 * What the daemon asks of the nodes' collectors, over one HTTP client, signed with one key: their
 * reports, their vote on the master, the repairs and node commands they run, and their records of
 * them. The one verifier remembers what each source signed last, so that nothing is replayed; what
 * the reports' signatures tell of the nodes' clocks goes to {@code clocks}.
 */
record Collectors(
    HttpClient http,
    HmacKey key,
    SignatureVerifier verifier,
    CollectorSettings settings,
    ReportClocks clocks,
    Clock clock) {

  private CollectorUrls urls() {
    return new CollectorUrls(settings.urlTemplate(), settings.urls());
  }

  private CollectorCalls calls() {
    return new CollectorCalls(http, urls(), key, verifier, clock);
  }

  /** The poller of the collectors' reports; with {@code load}, of their CPU load too. */
  CollectorPoller poller(boolean load) {
    return new CollectorPoller(
        http,
        urls(),
        new ReportReader(verifier, settings.allowUnsigned(), clocks),
        load ? Optional.of(new LoadReader(verifier, settings.allowUnsigned())) : Optional.empty(),
        settings.timeout(),
        clock);
  }

  /** The collectors' vote on which node of {@code backend}'s cluster is the master, asked now. */
  MasterVote.Outcome masterVote(ClusterBackend backend) {
    return new MasterVote(calls(), settings.timeout())
        .vote(backend.snapshot().nodesByName().keySet());
  }

  RepairClient repairs() {
    return new RepairClient(calls(), settings.repairTimeout());
  }

  RepairRecordsClient records() {
    return new RepairRecordsClient(calls(), settings.timeout());
  }
}
