package org.maintd.daemon.harep;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.protocol.json.Json;

/**
 * Just enough of Ganeti's LUXI query socket (JSON messages ended by byte 3) for the htools to load
 * a cluster from it: node, instance and group queries, the cluster info, and job status (every job
 * is running). Lets the real {@code harep --dry-run} read a cluster whose tags maintd wrote.
 */
final class FakeLuxi implements AutoCloseable {
  private static final Map<String, Object> IPOLICY =
      Map.of(
          "minmax",
          List.of(
              Map.of(
                  "min",
                      Map.of(
                          "memory-size",
                          16,
                          "disk-size",
                          4,
                          "disk-count",
                          0,
                          "cpu-count",
                          1,
                          "nic-count",
                          0,
                          "spindle-use",
                          0),
                  "max",
                      Map.of(
                          "memory-size",
                          65536,
                          "disk-size",
                          1048576,
                          "disk-count",
                          16,
                          "cpu-count",
                          8,
                          "nic-count",
                          8,
                          "spindle-use",
                          12))),
          "std",
          Map.of(
              "memory-size",
              128,
              "disk-size",
              1024,
              "disk-count",
              1,
              "cpu-count",
              1,
              "nic-count",
              1,
              "spindle-use",
              1),
          "spindle-ratio",
          32,
          "vcpu-ratio",
          4,
          "disk-templates",
          List.of("drbd", "plain", "sharedfile", "file", "diskless"));

  private final Cluster cluster;
  private final ServerSocketChannel server;
  private final Thread thread;
  final List<String> methods = new ArrayList<>();

  FakeLuxi(Cluster cluster, Path socket) throws IOException {
    this.cluster = cluster;
    Files.deleteIfExists(socket);
    server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(socket));
    thread = new Thread(this::serve, "fake-luxi");
    thread.setDaemon(true);
    thread.start();
  }

  private void serve() {
    while (server.isOpen()) {
      try (SocketChannel ch = server.accept()) {
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        ByteBuffer buf = ByteBuffer.allocate(8192);
        while (ch.read(buf) >= 0) {
          buf.flip();
          while (buf.hasRemaining()) {
            byte b = buf.get();
            if (b == 3) {
              ch.write(ByteBuffer.wrap(answer(message.toString(StandardCharsets.UTF_8))));
              message.reset();
            } else {
              message.write(b);
            }
          }
          buf.clear();
        }
      } catch (IOException e) {
        // the client went away, or the socket was closed
      }
    }
  }

  private byte[] answer(String request) throws IOException {
    Map<?, ?> call = (Map<?, ?>) Json.parse(request);
    String method = (String) call.get("method");
    List<?> args = (List<?>) call.get("args");
    synchronized (methods) {
      methods.add(method);
    }
    Object result =
        switch (method) {
          case "Query" -> query((String) args.get(0), (List<String>) args.get(1));
          case "QueryClusterInfo" ->
              Map.of(
                  "tags",
                  cluster.tags(),
                  "ipolicy",
                  IPOLICY,
                  "master",
                  cluster.master().map(Node::name).orElse(""),
                  "default_hypervisor",
                  "fake");
          case "QueryJobs" ->
              ((List<?>) args.get(0)).stream().map(j -> List.of("running")).toList();
          default -> null;
        };
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("success", result != null);
    response.put("result", result != null ? result : "unsupported method " + method);
    byte[] body = Json.write(response).getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[body.length + 1];
    System.arraycopy(body, 0, out, 0, body.length);
    out[body.length] = 3;
    return out;
  }

  private Map<String, Object> query(String what, List<String> fields) {
    List<List<List<Object>>> rows = new ArrayList<>();
    switch (what) {
      case "node" -> cluster.nodes().forEach(n -> rows.add(row(fields, node(n))));
      case "instance" -> cluster.instances().forEach(i -> rows.add(row(fields, instance(i))));
      case "group" -> cluster.groups().forEach(g -> rows.add(row(fields, group(g))));
      default -> throw new IllegalArgumentException("no query of " + what);
    }
    return Map.of("fields", fields, "data", rows);
  }

  private static List<List<Object>> row(List<String> fields, Map<String, Object> values) {
    List<List<Object>> row = new ArrayList<>();
    for (String f : fields) {
      if (!values.containsKey(f)) {
        throw new IllegalArgumentException("the fake LUXI has no field " + f);
      }
      List<Object> cell = new ArrayList<>();
      cell.add(0);
      cell.add(values.get(f));
      row.add(cell);
    }
    return row;
  }

  private static Map<String, Object> node(Node n) {
    Map<String, Object> m = new LinkedHashMap<>();
    Node.Resources r = n.resources();
    m.put("name", n.name());
    m.put("mtotal", r.memTotal());
    m.put("mnode", r.memNode());
    m.put("mfree", r.memFree());
    m.put("dtotal", r.diskTotal());
    m.put("dfree", r.diskFree());
    m.put("ctotal", r.cpus());
    m.put("cnos", r.osCpus());
    m.put("offline", n.offline());
    m.put("drained", n.drained());
    m.put("vm_capable", true);
    m.put("ndp/spindle_count", r.spindles());
    m.put("group.uuid", n.group());
    m.put("tags", n.tags());
    m.put("ndp/exclusive_storage", r.exclusiveStorage());
    m.put("sptotal", r.spindles());
    m.put("spfree", r.freeSpindles());
    m.put("ndp/cpu_speed", r.cpuSpeed());
    return m;
  }

  private static Map<String, Object> instance(Instance i) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", i.name());
    m.put("disk_usage", i.disk());
    m.put("be/memory", i.memory());
    m.put("be/vcpus", i.vcpus());
    m.put("status", i.status().name());
    m.put("pnode", i.primary());
    m.put("snodes", i.secondary().isEmpty() ? List.of() : List.of(i.secondary()));
    m.put("tags", i.tags());
    m.put("be/auto_balance", i.autoBalance());
    m.put("disk_template", i.diskTemplate().wireName());
    m.put("be/spindle_use", i.spindleUse());
    m.put("disk.sizes", List.of(i.disk()));
    m.put("disk.spindles", java.util.Collections.singletonList(null));
    m.put("forthcoming", i.forthcoming());
    return m;
  }

  private static Map<String, Object> group(Group g) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("uuid", g.uuid());
    m.put("name", g.name());
    m.put("alloc_policy", g.allocPolicy());
    m.put("ipolicy", IPOLICY);
    m.put("tags", g.tags());
    return m;
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
