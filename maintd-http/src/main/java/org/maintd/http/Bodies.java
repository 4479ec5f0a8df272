package org.maintd.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * Reads request bodies with a ceiling, whatever the transfer encoding: a declared length over the
 * limit is refused before anything is read, and a chunked body is read only up to one byte past the
 * limit. Nothing more is ever buffered. Stateless.
 */
public final class Bodies {
  private Bodies() {}

  /**
   * The body as UTF-8; {@link HttpError} 413 over {@code limit} bytes, 400 when not UTF-8, 408 when
   * the client stalls.
   */
  public static String read(Request request, int limit) {
    refuseDeclaredOver(request, limit);
    byte[] data;
    try (InputStream in = Content.Source.asInputStream(request)) {
      data = in.readNBytes(limit + 1);
    } catch (IOException e) {
      throw new HttpError(
          408, "request-timeout", "the request body did not arrive: " + e.getMessage());
    }
    if (data.length > limit) {
      throw tooLarge(limit, "more sent");
    }
    return utf8(data);
  }

  /** {@link HttpError} 413 when the request declares a body over {@code limit} bytes. */
  static void refuseDeclaredOver(Request request, int limit) {
    long declared = request.getLength();
    if (declared > limit) {
      throw tooLarge(limit, declared + " bytes declared");
    }
  }

  /** {@code data} as UTF-8 text; {@link HttpError} 400 when it is not. */
  static String utf8(byte[] data) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(data))
          .toString();
    } catch (CharacterCodingException e) {
      throw HttpError.badRequest("the request body is not UTF-8");
    }
  }

  static HttpError tooLarge(int limit, String what) {
    return new HttpError(
        413,
        "body-too-large",
        "the request body is over the limit of " + limit + " bytes (" + what + ")");
  }
}
