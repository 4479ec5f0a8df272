package org.maintd.protocol.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The state as a replicated store keeps it: a small JSON header naming the serial, the leader epoch
 * that wrote it and that leader's URL, with the state file's text gzipped and either inline ({@code
 * data}, base64) or split into {@code chunks} stored beside it. The SHA-256 of the uncompressed
 * text guards against a torn or mixed read. Immutable.
 */
public record StateEnvelope(
    int format,
    long serial,
    long epoch,
    String writer,
    String encoding,
    int size,
    String sha256,
    int chunks,
    String data) {
  public static final int FORMAT = 1;

  /** The envelope of {@code text} (a state file), inline when its compressed form fits in one. */
  public static Packed pack(String text, long serial, long epoch, String writer, int chunkSize) {
    byte[] raw = text.getBytes(StandardCharsets.UTF_8);
    byte[] gz = gzip(raw);
    if (gz.length <= chunkSize) {
      return new Packed(
          new StateEnvelope(
              FORMAT,
              serial,
              epoch,
              writer,
              "gzip",
              raw.length,
              sha256(raw),
              0,
              Base64.getEncoder().encodeToString(gz)),
          List.of());
    }
    List<byte[]> parts = new java.util.ArrayList<>();
    for (int at = 0; at < gz.length; at += chunkSize) {
      parts.add(java.util.Arrays.copyOfRange(gz, at, Math.min(gz.length, at + chunkSize)));
    }
    return new Packed(
        new StateEnvelope(
            FORMAT, serial, epoch, writer, "gzip", raw.length, sha256(raw), parts.size(), null),
        List.copyOf(parts));
  }

  /** An envelope and the chunks stored beside it (none when the state is inline). */
  public record Packed(StateEnvelope envelope, List<byte[]> chunks) {}

  public byte[] toBytes() {
    try {
      return Mappers.RECORDS.writeValueAsBytes(this);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a state envelope", e);
    }
  }

  /** Parses a header; {@link IllegalArgumentException} saying what is wrong. */
  public static StateEnvelope parse(byte[] bytes) {
    StateEnvelope e;
    try {
      e = Mappers.RECORDS.readValue(bytes, StateEnvelope.class);
    } catch (JsonProcessingException ex) {
      throw new IllegalArgumentException(
          "the state header is not valid JSON: " + ex.getOriginalMessage());
    } catch (IOException ex) {
      throw new IllegalArgumentException("the state header is not valid JSON: " + ex.getMessage());
    }
    if (e.format != FORMAT) {
      throw new IllegalArgumentException(
          "the state header has format " + e.format + "; this maintd reads format " + FORMAT);
    }
    if (!"gzip".equals(e.encoding)) {
      throw new IllegalArgumentException("the state header names encoding " + e.encoding);
    }
    if ((e.chunks == 0) == (e.data == null)) {
      throw new IllegalArgumentException(
          "the state header must hold the state inline or name its chunks, not "
              + (e.data == null ? "neither" : "both"));
    }
    return e;
  }

  /**
   * The state file's text from this header and its chunks (none when inline), checked against its
   * size and digest.
   */
  public String unpack(List<byte[]> chunkBytes) {
    byte[] gz;
    if (chunks == 0) {
      gz = Base64.getDecoder().decode(data);
    } else {
      if (chunkBytes.size() != chunks) {
        throw new IllegalArgumentException(
            "the state has " + chunks + " chunks, " + chunkBytes.size() + " were read");
      }
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      chunkBytes.forEach(all::writeBytes);
      gz = all.toByteArray();
    }
    byte[] raw = gunzip(gz);
    if (raw.length != size || !sha256(raw).equals(sha256)) {
      throw new IllegalArgumentException(
          "the state of serial "
              + serial
              + " does not match its header's size and SHA-256 (torn or altered)");
    }
    return new String(raw, StandardCharsets.UTF_8);
  }

  private static byte[] gzip(byte[] raw) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(raw);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] gz) {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalArgumentException("the stored state is not valid gzip: " + e.getMessage());
    }
  }

  private static String sha256(byte[] raw) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
