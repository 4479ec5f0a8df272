package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import org.maintd.cli.Maintctl;
import org.maintd.cli.client.ApiClient;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.NodeView;
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
