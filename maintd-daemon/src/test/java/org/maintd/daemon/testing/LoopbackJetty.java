package org.maintd.daemon.testing;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/** A Jetty server of a test on a loopback port of its own (port 0), handling with a function. */
public final class LoopbackJetty {
  private LoopbackJetty() {}

  /** What answers each request: Jetty's {@code Handler.handle}. */
  @FunctionalInterface
  public interface Handling {
    boolean handle(Request request, Response response, Callback callback) throws Exception;
  }

  /** Starts {@code server} on 127.0.0.1, port 0, answering with {@code handling}. */
  public static ServerConnector serve(Server server, Handling handling) throws Exception {
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    server.setHandler(new ByFunction(handling));
    server.start();
    return connector;
  }

  /** A handler that answers with a function. */
  private static final class ByFunction extends Handler.Abstract {
    private final Handling handling;

    ByFunction(Handling handling) {
      this.handling = handling;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
      return handling.handle(request, response, callback);
    }
  }
}
