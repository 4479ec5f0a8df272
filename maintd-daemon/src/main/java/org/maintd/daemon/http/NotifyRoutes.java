package org.maintd.daemon.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.maintd.daemon.notify.Answer;
import org.maintd.http.Router;
import org.maintd.protocol.api.NotifyTestView;

/**
 * {@code POST /1/notify/test} (authenticated): a test event sent to every receiver of the
 * notifications at once, by the daemon asked (a standby too), with what each answered; nothing is
 * recorded. With no receivers configured, an empty list. Thread-safe.
 */
public final class NotifyRoutes implements RouteSet {
  private final Supplier<Map<String, Answer>> test;

  /** Routes that send a test with {@code test}: each receiver's name and its answer. */
  public NotifyRoutes(Supplier<Map<String, Answer>> test) {
    this.test = test;
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("POST", "/1/notify/test", c -> view(test.get()));
  }

  private static NotifyTestView view(Map<String, Answer> answers) {
    List<NotifyTestView.Receiver> out = new ArrayList<>();
    answers.forEach(
        (name, a) ->
            out.add(new NotifyTestView.Receiver(name, a instanceof Answer.Delivered, a.text())));
    return new NotifyTestView(out);
  }
}
