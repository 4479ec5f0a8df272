package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every form of the kept bytes is what Jackson's own {@link SerializedString} gives for the text.
 */
class KeptJsonTest {
  private static KeptJson kept(String text) {
    return new KeptJson(text.getBytes(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "{\"a\":1}",
        "[\"quo\\\"ted\", \"tab\\t\"]",
        "{\"node\":\"n\u00e9ud-\u00fc\"}"
      })
  void givesWhatSerializedStringGives(String text) throws Exception {
    SerializableString ours = kept(text);
    SerializableString theirs = new SerializedString(text);
    assertEquals(theirs.getValue(), ours.getValue());
    assertEquals(theirs.charLength(), ours.charLength());
    assertArrayEquals(theirs.asQuotedChars(), ours.asQuotedChars());
    assertArrayEquals(theirs.asUnquotedUTF8(), ours.asUnquotedUTF8());
    assertArrayEquals(theirs.asQuotedUTF8(), ours.asQuotedUTF8());

    for (int room : new int[] {0, 3, 64}) {
      byte[] a = new byte[room];
      byte[] b = new byte[room];
      assertEquals(theirs.appendQuotedUTF8(a, 0), ours.appendQuotedUTF8(b, 0), "room " + room);
      assertArrayEquals(a, b);
      assertEquals(theirs.appendUnquotedUTF8(a, 0), ours.appendUnquotedUTF8(b, 0), "room " + room);
      assertArrayEquals(a, b);
      char[] c = new char[room];
      char[] d = new char[room];
      assertEquals(theirs.appendQuoted(c, 0), ours.appendQuoted(d, 0), "room " + room);
      assertArrayEquals(c, d);
      assertEquals(theirs.appendUnquoted(c, 0), ours.appendUnquoted(d, 0), "room " + room);
      assertArrayEquals(c, d);
      ByteBuffer e = ByteBuffer.allocate(room);
      ByteBuffer f = ByteBuffer.allocate(room);
      assertEquals(theirs.putQuotedUTF8(e), ours.putQuotedUTF8(f), "room " + room);
      assertEquals(e, f);
      assertEquals(theirs.putUnquotedUTF8(e), ours.putUnquotedUTF8(f), "room " + room);
      assertEquals(e, f);
    }

    ByteArrayOutputStream g = new ByteArrayOutputStream();
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    assertEquals(theirs.writeQuotedUTF8(g), ours.writeQuotedUTF8(h));
    assertEquals(theirs.writeUnquotedUTF8(g), ours.writeUnquotedUTF8(h));
    assertArrayEquals(g.toByteArray(), h.toByteArray());
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 5})
  void appendsAtAnOffset(int offset) {
    byte[] buffer = new byte[16];
    Arrays.fill(buffer, (byte) '.');
    assertEquals(7, kept("{\"a\":1}").appendUnquotedUTF8(buffer, offset));
    assertEquals(
        ".".repeat(offset) + "{\"a\":1}" + ".".repeat(16 - 7 - offset),
        new String(buffer, StandardCharsets.US_ASCII));
    assertEquals(-1, kept("{\"a\":1}").appendUnquotedUTF8(buffer, 10));
  }
}
