package org.maintd.daemon.zookeeper.tls;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLSession;

/**
 * A TLS handshake with each of a few ZooKeeper servers, all at once, through the Netty client
 * context ZooKeeper's own client builds from the same settings (trust and key stores, protocols,
 * cipher suites, hostname verification), so that what it finds is what ZooKeeper's client meets.
 * Once a handshake is done it asks the server {@code srvr} (one of ZooKeeper's four-letter words,
 * which no server answers with a session): with TLS 1.3 a server refuses the client's certificate
 * only after the client has finished its part, and its answer or its alert says which. Each probe
 * is a new object; not thread-safe.
 */
public final class TlsProbe {
  private static final byte[] SRVR = "srvr".getBytes(StandardCharsets.US_ASCII);

  private final SslContext context;
  private final boolean keyStore;
  private final Duration timeout;

  /**
   * Handshakes with {@code context} (as ZooKeeper's client makes it), each given at most {@code
   * timeout}; {@code keyStore}: whether maintd has a certificate to give.
   */
  public TlsProbe(SslContext context, boolean keyStore, Duration timeout) {
    this.context = context;
    this.keyStore = keyStore;
    this.timeout = timeout;
  }

  /** How the handshake with each of {@code servers} went, in their order. */
  public Map<Server, Handshake> probe(List<Server> servers) {
    EventLoopGroup group = new NioEventLoopGroup(1, new DefaultThreadFactory("tls-probe", true));
    try {
      Map<Server, CompletableFuture<Handshake>> started = new LinkedHashMap<>();
      servers.forEach(s -> started.put(s, start(group, s)));
      long until = System.nanoTime() + timeout.toNanos();
      Map<Server, Handshake> outcomes = new LinkedHashMap<>();
      started.forEach((s, f) -> outcomes.put(s, await(f, until)));
      return outcomes;
    } finally {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS).awaitUninterruptibly(timeout.toMillis());
    }
  }

  private CompletableFuture<Handshake> start(EventLoopGroup group, Server server) {
    CompletableFuture<Handshake> outcome = new CompletableFuture<>();
    Bootstrap b =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) timeout.toMillis())
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast(context.newHandler(ch.alloc(), server.host(), server.port()))
                        .addLast(new Answer(server.host(), outcome));
                  }
                });
    ChannelFuture connected = b.connect(server.host(), server.port());
    connected.addListener(
        f -> {
          if (!f.isSuccess()) {
            outcome.complete(HandshakeFailures.classify(f.cause(), server.host(), keyStore));
          }
        });
    outcome.whenComplete((h, e) -> connected.channel().close());
    return outcome;
  }

  private static Handshake await(CompletableFuture<Handshake> f, long until) {
    try {
      return f.get(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      return new Handshake.Unreachable("no answer within the time given");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Handshake.Unreachable("interrupted");
    } catch (ExecutionException e) {
      return new Handshake.Failed(e.getCause());
    }
  }

  /** Follows one connection: the handshake's end, then the server's answer to {@code srvr}. */
  private final class Answer extends ChannelInboundHandlerAdapter {
    private final String host;
    private final CompletableFuture<Handshake> outcome;
    private Handshake.Agreed agreed;

    Answer(String host, CompletableFuture<Handshake> outcome) {
      this.host = host;
      this.outcome = outcome;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
      if (event instanceof SslHandshakeCompletionEvent done) {
        if (done.isSuccess()) {
          SSLSession s = ctx.pipeline().get(SslHandler.class).engine().getSession();
          agreed = new Handshake.Agreed(s.getProtocol(), s.getCipherSuite());
          ctx.writeAndFlush(Unpooled.wrappedBuffer(SRVR));
        } else {
          outcome.complete(HandshakeFailures.classify(done.cause(), host, keyStore));
        }
      }
      ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ReferenceCountUtil.release(msg);
      outcome.complete(agreed);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      outcome.complete(HandshakeFailures.classify(cause, host, keyStore));
      ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      outcome.complete(agreed != null ? agreed : new Handshake.NotTls("closed the connection"));
    }
  }

  /** A server of {@code zookeeper.connect}. */
  public record Server(String host, int port) {
    /** The servers of a connection string, host:port[,host:port...]. */
    public static List<Server> of(String connect) {
      return java.util.Arrays.stream(connect.split(","))
          .map(String::strip)
          .map(
              s -> {
                int colon = s.lastIndexOf(':');
                String host = s.substring(0, colon).replaceAll("^\\[(.*)]$", "$1");
                return new Server(host, Integer.parseInt(s.substring(colon + 1)));
              })
          .toList();
    }

    @Override
    public String toString() {
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
  }
}
