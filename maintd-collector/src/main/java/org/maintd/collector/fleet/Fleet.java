package org.maintd.collector.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.maintd.collector.config.HmacKeySetting;
import org.maintd.exec.CommandRunner;
import org.maintd.http.Servers;
import org.maintd.protocol.signing.HmacKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collectors of many simulated nodes in one Jetty server: {@code addresses} loopback addresses
 * (Linux routes all of 127/8 to the loopback interface, so nothing needs setting up), the nodes
 * spread over them in turn, node NAME under {@code http://ADDRESS:PORT/node/NAME}. {@link #start()}
 * binds and writes {@code urlFile} ("NAME URL" lines, atomically); {@link #close()} stops it. Not
 * restartable.
 */
public final class Fleet implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Fleet.class);

  private final FleetConfig config;
  private final List<String> nodes;
  private final Server server;

  public Fleet(FleetConfig config, Clock clock) throws IOException {
    this.config = config;
    HmacKey key = HmacKeySetting.read(config.hmacKeyFile(), config.hmacKeyGroup(), "the fleet");
    this.nodes = config.nodes().names();
    CommandRunner runner = new CommandRunner(config.outputLimit());
    FleetHandler handler =
        new FleetHandler(nodes, n -> SimulatedNode.handler(n, config, key, runner, clock));
    this.server =
        Servers.newServer(FleetConfig.address(0), config.port(), config.idleTimeout(), handler);
    for (int i = 1; i < config.addresses(); i++) {
      Servers.addConnector(server, FleetConfig.address(i), config.port(), config.idleTimeout());
    }
  }

  public void start() throws Exception {
    server.start();
    StringBuilder lines = new StringBuilder();
    urls().forEach((node, url) -> lines.append(node).append(' ').append(url).append('\n'));
    Path tmp = config.urlFile().resolveSibling(config.urlFile().getFileName() + ".tmp");
    Files.writeString(tmp, lines);
    Files.move(tmp, config.urlFile(), StandardCopyOption.ATOMIC_MOVE);
    log.info(
        "fleet of {} simulated nodes listening on {} loopback addresses",
        nodes.size(),
        config.addresses());
  }

  /** Each node's collector URL, in the cluster's order (once started). */
  public Map<String, String> urls() {
    Map<String, String> urls = new LinkedHashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      ServerConnector c = (ServerConnector) server.getConnectors()[i % config.addresses()];
      urls.put(
          nodes.get(i),
          "http://" + c.getHost() + ":" + c.getLocalPort() + FleetHandler.PREFIX + nodes.get(i));
    }
    return urls;
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}
