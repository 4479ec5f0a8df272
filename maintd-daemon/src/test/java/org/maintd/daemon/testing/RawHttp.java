package org.maintd.daemon.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * HTTP/1.1 written by hand on a socket, for requests no well-behaved client sends: bodies far over
 * any limit, chunked or declared, headers too large, clients that stall. The answer is read until
 * the server closes the connection or the read times out.
 */
public final class RawHttp implements AutoCloseable {
  private final Socket socket;

  /** What came back: the status line's code, the headers and the body, as text. */
  public record Answer(int status, String head, String body) {
    public String header(String name) {
      return head.lines()
          .filter(l -> l.regionMatches(true, 0, name + ":", 0, name.length() + 1))
          .map(l -> l.substring(name.length() + 1).strip())
          .findFirst()
          .orElse(null);
    }
  }

  public RawHttp(int port, Duration readTimeout) throws IOException {
    socket = new Socket("127.0.0.1", port);
    socket.setSoTimeout((int) readTimeout.toMillis());
  }

  /** Sends {@code text} as it is (CRLF line ends are the caller's). */
  public RawHttp send(String text) throws IOException {
    socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
    socket.getOutputStream().flush();
    return this;
  }

  /**
   * Sends up to {@code total} bytes of chunked body in chunks of {@code chunk}, stopping quietly
   * when the server closes the connection; returns how many bytes went out.
   */
  public long sendChunks(long total, int chunk) {
    byte[] data = new byte[chunk];
    java.util.Arrays.fill(data, (byte) 'x');
    long sent = 0;
    try {
      OutputStream out = socket.getOutputStream();
      while (sent < total) {
        out.write((Integer.toHexString(chunk) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        sent += chunk;
      }
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    } catch (SocketException e) {
      // the server stopped reading and closed: what the test wants to see
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return sent;
  }

  /** Reads the answer: one response, up to the end of its declared length or of the connection. */
  public Answer answer() throws IOException {
    return answerOf(socket);
  }

  /** The answer read from {@code socket}, as {@link #answer()} reads it. */
  public static Answer answerOf(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] buf = new byte[8192];
    int end = -1;
    long length = -1;
    while (true) {
      int n;
      try {
        n = in.read(buf);
      } catch (SocketException e) {
        n = -1;
      }
      if (n < 0) {
        break;
      }
      all.write(buf, 0, n);
      String text = all.toString(StandardCharsets.ISO_8859_1);
      if (end < 0 && (end = text.indexOf("\r\n\r\n")) >= 0) {
        Answer head = parse(text, end);
        String declared = head.header("Content-Length");
        length = declared == null ? -1 : Long.parseLong(declared);
      }
      if (end >= 0 && length >= 0 && all.size() >= end + 4 + length) {
        break;
      }
    }
    String text = all.toString(StandardCharsets.UTF_8);
    int headEnd = text.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      throw new IOException("no HTTP answer, got: " + text);
    }
    return parse(text, headEnd);
  }

  private static Answer parse(String text, int headEnd) {
    String head = text.substring(0, headEnd);
    int status = Integer.parseInt(head.substring(9, 12));
    return new Answer(status, head, text.substring(headEnd + 4));
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
