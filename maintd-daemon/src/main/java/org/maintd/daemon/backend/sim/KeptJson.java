package org.maintd.daemon.backend.sim;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A value's JSON kept as its UTF-8 bytes only, to be written again as a raw value ({@link
 * com.fasterxml.jackson.core.JsonGenerator#writeRawValue(SerializableString)} copies the bytes).
 * Jackson's own {@code SerializedString} keeps the text as well as its bytes, twice the memory for
 * what a large simulated cluster keeps of every record. The quoted and character forms, which a raw
 * value does not use, are made from the text when asked.
 */
final class KeptJson implements SerializableString {
  private final byte[] utf8;

  KeptJson(byte[] utf8) {
    this.utf8 = utf8;
  }

  @Override
  public String getValue() {
    return new String(utf8, StandardCharsets.UTF_8);
  }

  @Override
  public int charLength() {
    return getValue().length();
  }

  @Override
  public char[] asQuotedChars() {
    return JsonStringEncoder.getInstance().quoteAsString(getValue());
  }

  @Override
  public byte[] asUnquotedUTF8() {
    return utf8.clone();
  }

  @Override
  public byte[] asQuotedUTF8() {
    return JsonStringEncoder.getInstance().quoteAsUTF8(getValue());
  }

  @Override
  public int appendQuotedUTF8(byte[] buffer, int offset) {
    return copy(asQuotedUTF8(), buffer, offset);
  }

  @Override
  public int appendQuoted(char[] buffer, int offset) {
    char[] quoted = asQuotedChars();
    if (offset + quoted.length > buffer.length) {
      return -1;
    }
    System.arraycopy(quoted, 0, buffer, offset, quoted.length);
    return quoted.length;
  }

  @Override
  public int appendUnquotedUTF8(byte[] buffer, int offset) {
    return copy(utf8, buffer, offset);
  }

  @Override
  public int appendUnquoted(char[] buffer, int offset) {
    String text = getValue();
    if (offset + text.length() > buffer.length) {
      return -1;
    }
    text.getChars(0, text.length(), buffer, offset);
    return text.length();
  }

  @Override
  public int writeQuotedUTF8(OutputStream out) throws IOException {
    byte[] quoted = asQuotedUTF8();
    out.write(quoted);
    return quoted.length;
  }

  @Override
  public int writeUnquotedUTF8(OutputStream out) throws IOException {
    out.write(utf8);
    return utf8.length;
  }

  @Override
  public int putQuotedUTF8(ByteBuffer buffer) {
    return put(asQuotedUTF8(), buffer);
  }

  @Override
  public int putUnquotedUTF8(ByteBuffer buffer) {
    return put(utf8, buffer);
  }

  /**
   * Copies {@code bytes} into {@code buffer} at {@code offset}: how many, or -1 if they do not fit.
   */
  private static int copy(byte[] bytes, byte[] buffer, int offset) {
    if (offset + bytes.length > buffer.length) {
      return -1;
    }
    System.arraycopy(bytes, 0, buffer, offset, bytes.length);
    return bytes.length;
  }

  /** Puts {@code bytes} into {@code buffer}: how many, or -1 if they do not fit. */
  private static int put(byte[] bytes, ByteBuffer buffer) {
    if (bytes.length > buffer.remaining()) {
      return -1;
    }
    buffer.put(bytes);
    return bytes.length;
  }
}
