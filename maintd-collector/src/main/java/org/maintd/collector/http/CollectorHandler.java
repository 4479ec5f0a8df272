package org.maintd.collector.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.maintd.collector.diagnose.DiagnoseSource;
import org.maintd.collector.repair.RepairService;
import org.maintd.collector.repair.ResultsUnwritable;
import org.maintd.http.BodyReads;
import org.maintd.http.HttpError;
import org.maintd.http.HttpJson;
import org.maintd.http.Router;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.report.MasterAnswer;
import org.maintd.protocol.signing.ReplayGuard;
import org.maintd.protocol.signing.SignatureException;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.text.Escaped;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collector's HTTP endpoints (mond-compatible paths): {@code /}, {@code /1/list/collectors},
 * {@code /1/report/all}, {@code /1/report/node/diagnose}, the load reports {@code
 * /1/report/default/cpu-avg-load} and {@code /1/report/default/kvm-inst-rss} (also without {@code
 * default/}), signed as the diagnose report is, {@code /1/master}, {@code /1/repairs} (signed:
 * every repair this node started, for a daemon that lost its state) and {@code POST /1/repair}. A
 * report request may say how long its caller waits ({@code ?timeout=} in milliseconds): the
 * diagnose command then gets no longer. A repair request is read up to {@code maxBody} bytes,
 * without a thread waiting for it, within {@link #BODY_DEADLINE} (408), at most {@link
 * #PENDING_BODIES} at once (503); it must be signed, fresh, not older than the last one accepted,
 * never seen before (in any spelling of its signature) and meant for this node (421 {@code
 * wrong-node} otherwise). Every answer is JSON; unknown paths answer 404, wrong methods 405.
 * Thread-safe.
 */
public final class CollectorHandler extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(CollectorHandler.class);
  private static final Duration ANSWER_MARGIN = Duration.ofMillis(250);

  /** The most a repair request's body may take to arrive. */
  static final Duration BODY_DEADLINE = Duration.ofSeconds(10);

  /** The most repair requests' bodies read at once (they are authenticated by their body). */
  static final int PENDING_BODIES = 16;

  private final String node;
  private final DiagnoseSource diagnoser;
  private final RepairService repairs;
  private final Reports reports;
  private final LoadSource load;
  private final SignatureVerifier verifier;
  private final ReplayGuard replays;
  private final Path masterFile;
  private final Clock clock;
  private final BodyReads bodies;
  private final Router<Endpoint> routes =
      new Router<Endpoint>()
          .add("GET", "/", get(r -> Json.write(List.of(1))))
          .add(
              "GET",
              "/1/list/collectors",
              get(
                  r ->
                      Json.write(
                          List.of(
                              List.of("diagnose", "node", 1),
                              List.of(LoadReport.CPU_AVG_LOAD, "default", 0),
                              List.of(LoadReport.KVM_INST_RSS, "default", 0)))))
          .add("GET", "/1/report/all", get(r -> "[" + signedReport(r) + "]"))
          .add("GET", "/1/report/node/diagnose", get(this::signedReport))
          .add("GET", "/1/report/default/cpu-avg-load", load(LoadReport.CPU_AVG_LOAD))
          .add("GET", "/1/report/cpu-avg-load", load(LoadReport.CPU_AVG_LOAD))
          .add("GET", "/1/report/default/kvm-inst-rss", load(LoadReport.KVM_INST_RSS))
          .add("GET", "/1/report/kvm-inst-rss", load(LoadReport.KVM_INST_RSS))
          .add("GET", "/1/master", get(this::signedMaster))
          .add("GET", "/1/repairs", get(this::signedRepairs))
          .add("POST", "/1/repair", new Endpoint.OfBody(this::repair));

  /** Where the load reports' data comes from: a collector's name to its data. */
  @FunctionalInterface
  public interface LoadSource {
    Object data(String collector);
  }

  /** An endpoint: the JSON text it answers to a request, or to the body of one. */
  private sealed interface Endpoint {
    /** Answers from the request's line and headers. */
    record OfRequest(Function<Request, String> answer) implements Endpoint {}

    /** Answers from the request's body, read without a thread waiting for it. */
    record OfBody(Function<String, String> answer) implements Endpoint {}
  }

  private static Endpoint get(Function<Request, String> answer) {
    return new Endpoint.OfRequest(answer);
  }

  private Endpoint load(String collector) {
    return new Endpoint.OfRequest(r -> signedLoad(collector));
  }

  public CollectorHandler(
      String node,
      DiagnoseSource diagnoser,
      RepairService repairs,
      Reports reports,
      LoadSource load,
      SignatureVerifier verifier,
      Path masterFile,
      Clock clock,
      int maxBody) {
    this.node = node;
    this.diagnoser = diagnoser;
    this.repairs = repairs;
    this.reports = reports;
    this.load = load;
    this.verifier = verifier;
    this.replays = new ReplayGuard(verifier.skew().multipliedBy(2));
    this.masterFile = masterFile;
    this.clock = clock;
    this.bodies = new BodyReads(maxBody, BODY_DEADLINE, PENDING_BODIES);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    return serve(Request.getPathInContext(request), request, response, callback);
  }

  /**
   * Answers {@code request} as if its path were {@code path}: a fleet of simulated nodes serves
   * each node under a prefix of its own.
   */
  public boolean serve(String path, Request request, Response response, Callback callback) {
    Router.Match<Endpoint> match;
    try {
      match = routes.route(request.getMethod(), path);
    } catch (HttpError e) {
      return HttpJson.refuse(response, callback, e);
    }
    if (match.handler() instanceof Endpoint.OfRequest r) {
      return answer(request, response, callback, path, () -> r.answer().apply(request));
    }
    if (match.handler() instanceof Endpoint.OfBody b) {
      bodies.read(
          request,
          false,
          body -> answer(request, response, callback, path, () -> b.answer().apply(body)),
          refused -> HttpJson.refuseUnread(response, callback, refused));
      return true;
    }
    throw new IllegalStateException("an endpoint of no known kind: " + match.handler());
  }

  /** Sends what {@code answer} gives with 200, or the error it throws. */
  private static boolean answer(
      Request request, Response response, Callback callback, String path, Supplier<String> answer) {
    try {
      return HttpJson.sendText(response, callback, 200, answer.get());
    } catch (HttpError e) {
      return HttpJson.refuse(response, callback, e);
    } catch (RuntimeException e) {
      log.error("internal error while serving {} {}", request.getMethod(), Escaped.of(path), e);
      return HttpJson.error(
          response, callback, HttpError.internal(request.getMethod(), path, "the collector's log"));
    }
  }

  private String signedReport(Request request) {
    return reports.signed(
        reports.report(diagnoser.diagnose(budget(Request.extractQueryParameters(request)))));
  }

  /**
   * How long the diagnose command may take: what the caller waits, less a margin for the answer.
   */
  private static Duration budget(Fields query) {
    String text = query.getValue("timeout");
    if (text == null) {
      return Duration.ofDays(1);
    }
    if (!text.matches("[0-9]{1,9}")) {
      throw HttpError.badRequest("'timeout' must be milliseconds, not '" + text + "'");
    }
    Duration wait = Duration.ofMillis(Long.parseLong(text)).minus(ANSWER_MARGIN);
    return wait.isNegative() || wait.isZero() ? Duration.ofMillis(1) : wait;
  }

  private String signedLoad(String collector) {
    return reports.signed(reports.load(collector, load.data(collector)));
  }

  private String signedRepairs(Request request) {
    try {
      return reports.signed(repairs.records());
    } catch (IOException e) {
      throw new HttpError(
          500, "internal-error", "the repair records cannot be read: " + e.getMessage());
    }
  }

  private String signedMaster(Request request) {
    return reports.signed(master());
  }

  private MasterAnswer master() {
    try {
      return new MasterAnswer(node, Files.readString(masterFile).strip(), null);
    } catch (IOException e) {
      return new MasterAnswer(node, null, "cannot read " + masterFile + ": " + e.getMessage());
    }
  }

  private String repair(String body) {
    RepairRequest parsed;
    try {
      SignedMessage signed = SignedJson.read(body);
      verifier.verify("repair", signed, clock.instant());
      if (!replays.firstUse(signed, clock.instant())) {
        throw new SignatureException(
            SignatureException.Reason.REPLAYED, "this signed repair request was already used");
      }
      parsed = RepairRequest.read(signed.msg());
    } catch (SignatureException e) {
      log.warn("repair request refused ({}): {}", e.label(), Escaped.of(e.getMessage()));
      throw new HttpError(401, "signature-" + e.label(), e.getMessage());
    } catch (IllegalArgumentException e) {
      throw HttpError.badRequest(e.getMessage());
    }
    if (!parsed.node().equals(node)) {
      throw new HttpError(
          421, "wrong-node", "the request is for node " + parsed.node() + ", this is " + node);
    }
    try {
      return reports.signed(repairs.repair(parsed));
    } catch (ResultsUnwritable e) {
      throw new HttpError(503, "results-unwritable", e.getMessage());
    }
  }
}
