package org.maintd.cli.command;

import java.util.List;
import java.util.Map;
import org.maintd.cli.Maintctl;
import org.maintd.cli.client.ApiClient;
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

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> list(Object value) {
    return (List<Map<String, Object>>) value;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object value) {
    return (Map<String, Object>) value;
  }

  /** Commands directly under maintctl. */
  abstract static class TopLevel extends ApiCommand {
    @ParentCommand
    Maintctl parent;

    @Override
    Maintctl root() {
      return parent;
    }
  }
}
