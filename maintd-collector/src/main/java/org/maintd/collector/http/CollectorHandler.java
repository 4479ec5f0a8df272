package org.maintd.collector.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maintd.collector.diagnose.Diagnoser;
import org.maintd.collector.repair.RepairRequest;
import org.maintd.collector.repair.RepairResult;
import org.maintd.collector.repair.RepairService;
import org.maintd.signing.SignatureException;
import org.maintd.signing.SignatureVerifier;
import org.maintd.wire.HttpJson;
import org.maintd.wire.Json;
import org.maintd.wire.SignedJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collector's HTTP endpoints (mond-compatible paths): {@code /}, {@code /1/list/collectors},
 * {@code /1/report/all}, {@code /1/report/node/diagnose}, {@code /1/master} and {@code POST
 * /1/repair}. Unknown paths answer 404, wrong methods 405. Thread-safe.
 */
public final class CollectorHandler extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(CollectorHandler.class);

  private final String node;
  private final Diagnoser diagnoser;
  private final RepairService repairs;
  private final Reports reports;
  private final SignatureVerifier verifier;
  private final Path masterFile;
  private final Clock clock;

  public CollectorHandler(String node, Diagnoser diagnoser, RepairService repairs, Reports reports,
      SignatureVerifier verifier, Path masterFile, Clock clock) {
    this.node = node;
    this.diagnoser = diagnoser;
    this.repairs = repairs;
    this.reports = reports;
    this.verifier = verifier;
    this.masterFile = masterFile;
    this.clock = clock;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = Request.getPathInContext(request);
    String method = request.getMethod();
    boolean get = method.equals("GET");
    switch (path) {
      case "/":
        return get ? HttpJson.send(response, callback, 200, List.of(1)) : notAllowed(response, callback, "GET");
      case "/1/list/collectors":
        return get ? HttpJson.send(response, callback, 200, List.of(List.of("diagnose", "node", 1)))
            : notAllowed(response, callback, "GET");
      case "/1/report/all":
        return get ? HttpJson.sendText(response, callback, 200, "[" + signedReport() + "]")
            : notAllowed(response, callback, "GET");
      case "/1/report/node/diagnose":
        return get ? HttpJson.sendText(response, callback, 200, signedReport()) : notAllowed(response, callback, "GET");
      case "/1/master":
        return get ? HttpJson.sendText(response, callback, 200, reports.signed(master())) : notAllowed(response, callback, "GET");
      case "/1/repair":
        return method.equals("POST") ? repair(request, response, callback) : notAllowed(response, callback, "POST");
      default:
        return HttpJson.error(response, callback, 404, "not-found", "no such path: " + path);
    }
  }

  private String signedReport() {
    return reports.signed(reports.report(diagnoser.diagnose()));
  }

  private Map<String, Object> master() {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("node", node);
    try {
      answer.put("master", Files.readString(masterFile).strip());
    } catch (IOException e) {
      answer.put("master", null);
      answer.put("error", "cannot read " + masterFile + ": " + e.getMessage());
    }
    return answer;
  }

  private boolean repair(Request request, Response response, Callback callback) throws Exception {
    RepairRequest parsed;
    try {
      String msg = verifier.verify("repair", SignedJson.read(HttpJson.body(request)), clock.instant());
      parsed = RepairRequest.from(Json.parse(msg));
    } catch (SignatureException e) {
      log.warn("repair request refused ({}): {}", e.reason().label(), e.getMessage());
      return HttpJson.error(response, callback, 401, "signature-" + e.reason().label(), e.getMessage());
    } catch (IllegalArgumentException | JsonProcessingException e) {
      return HttpJson.error(response, callback, 400, "bad-request", e.getMessage());
    }
    if (!parsed.node().equals(node)) {
      return HttpJson.error(response, callback, 400, "wrong-node",
          "the request is for node " + parsed.node() + ", this is " + node);
    }
    RepairResult result = repairs.repair(parsed);
    return HttpJson.sendText(response, callback, 200, reports.signed(result.toJson()));
  }

  private static boolean notAllowed(Response response, Callback callback, String allowed) {
    response.getHeaders().put("Allow", allowed);
    return HttpJson.error(response, callback, 405, "method-not-allowed", "use " + allowed);
  }
}
