package org.maintd.protocol.api;

import java.util.List;

/**
 * {@code POST /1/notify/test}: what each receiver of the notifications answered a test event sent
 * to it now: its name, whether it took the event, and its answer in an operator's words ({@code
 * HTTP 200}, {@code cannot connect to hooks.example.org:443}, {@code appended to /var/log/...}).
 */
public record NotifyTestView(List<Receiver> receivers) {
  public NotifyTestView {
    receivers = List.copyOf(receivers);
  }

  /** One receiver's answer. */
  public record Receiver(String name, boolean delivered, String answer) {}
}
