package org.maintd.daemon.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.maintd.daemon.notify.ReceiverStatus;

/**
 * The meters of the notifications, per receiver: {@code maintd_notification_receiver_up} (1 while
 * it took its last delivery, and on a standby, which sends nothing), {@code
 * maintd_notifications_sent_total} and {@code maintd_notifications_failed_total} (deliveries it
 * took, and attempts that failed). Stateless.
 */
final class NotifyMeters {
  private NotifyMeters() {}

  static void register(MeterRegistry registry, List<String> receivers, ReceiverStatus status) {
    for (String r : receivers) {
      Gauge.builder("maintd.notification.receiver.up", status, s -> s.up(r) ? 1 : 0)
          .description("1 while the notification receiver took its last delivery (1 on a standby)")
          .tag("receiver", r)
          .register(registry);
      FunctionCounter.builder("maintd.notifications.sent", status, s -> s.sent(r))
          .description("Notifications a receiver took")
          .tag("receiver", r)
          .register(registry);
      FunctionCounter.builder("maintd.notifications.failed", status, s -> s.failed(r))
          .description("Attempts to notify a receiver that failed (each is tried again)")
          .tag("receiver", r)
          .register(registry);
    }
  }
}
