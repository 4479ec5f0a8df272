package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maintd.cli.Maintctl;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.PathSegment;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.NodeView;
import picocli.CommandLine;
import picocli.CommandLine.ParentCommand;

/** Base of commands that talk to the daemon: the client, the output format, printing helpers. */
abstract class ApiCommand implements Runnable {
  abstract Maintctl root();

  ApiClient client() {
    return root().client();
  }

  void printJson(Object value) {
    System.out.println(ApiClient.pretty(value));
  }

  /** Prints the daemon's answer: as JSON with {@code -o json}, else as the text made of it. */
  <T> void print(T answer, Function<? super T, String> text) {
    if (root().json()) {
      printJson(answer);
    } else {
      System.out.print(text.apply(answer));
    }
  }

  /** Prints the daemon's answer: as JSON with {@code -o json}, else as the line given. */
  void printLine(Object answer, String line) {
    print(answer, a -> line + System.lineSeparator());
  }

  /**
   * Waits as {@code options} say for the work {@code look} looks at to end, and gives what the API
   * showed of it at its end; a failed end is {@link org.maintd.cli.wait.WorkFailed}, a wait that
   * times out {@link org.maintd.cli.wait.WaitTimedOut}.
   */
  <T> T await(WaitOptions options, Supplier<Look<T>> look) {
    return awaitEnd(options, look).orThrow();
  }

  /** As {@link #await}, but a failed end is given too, for the command to show before failing. */
  <T> Look.Ended<T> awaitEnd(WaitOptions options, Supplier<Look<T>> look) {
    return root().waiter().until(options.timeout(), look);
  }

  /**
   * {@code text}, as typed for {@code label}, made one segment of an API path; a usage error when
   * no URL can carry it ({@code .} and {@code ..}), saying so and then {@code more}.
   */
  String segment(String label, String text, String more) {
    return PathSegment.of(text)
        .orElseThrow(
            () ->
                new CommandLine.ParameterException(
                    new CommandLine(this),
                    label
                        + " '"
                        + text
                        + "' cannot be one segment of a URL (a URL resolves '.' and '..' away)"
                        + more));
  }

  String segment(String label, String text) {
    return segment(label, text, "");
  }

  /** Lists of the protocol's records, as the API answers them. */
  static final TypeReference<List<IncidentView>> INCIDENTS = new TypeReference<>() {};

  static final TypeReference<List<NodeView>> NODES = new TypeReference<>() {};
  static final TypeReference<List<CampaignView>> CAMPAIGNS = new TypeReference<>() {};

  /** Commands directly under maintctl. */
  abstract static class TopLevel extends ApiCommand {
    @ParentCommand Maintctl parent;

    @Override
    Maintctl root() {
      return parent;
    }
  }
}
