package org.maintd.daemon.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;

/**
 * A read's answer rendered once: its bytes, its content type, an entity tag made from the bytes (so
 * that the same answer in the next view has the same tag; or a version of what it shows), a link to
 * a list's next page where there is one and, made when first asked for, the same bytes gzipped. Its
 * headers are encoded once too, as every request sends them. Thread-safe.
 */
public final class Rendered {
  private final String contentType;
  private final byte[] bytes;
  private final String etag;
  private final HttpField contentTypeField;
  private final HttpField etagField;
  private final List<HttpField> extraFields;
  private volatile byte[] gzipped;

  private Rendered(String contentType, byte[] bytes, String etag, List<HttpField> extra) {
    this.contentType = contentType;
    this.bytes = bytes;
    this.etag = etag;
    this.contentTypeField = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, contentType);
    this.etagField = new PreEncodedHttpField(HttpHeader.ETAG, etag);
    this.extraFields = List.copyOf(extra);
  }

  private Rendered(String contentType, byte[] bytes, String etag) {
    this(contentType, bytes, etag, List.of());
  }

  /** The same answer with a {@code Link} header (a list's next page). */
  public Rendered withLink(String link) {
    return withHeaders(List.of(new PreEncodedHttpField(HttpHeader.LINK, link)));
  }

  /** The same answer with {@code fields} among its headers too (sent with a 304 as well). */
  public Rendered withHeaders(List<HttpField> fields) {
    List<HttpField> all = new ArrayList<>(extraFields);
    all.addAll(fields);
    return new Rendered(contentType, bytes, etag, all);
  }

  /** {@code text} as the answer's body, in UTF-8. */
  public static Rendered of(String contentType, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    return new Rendered(contentType, bytes, "\"" + digest(bytes) + "\"");
  }

  /**
   * {@code text} as the answer's body, with {@code etag} (quoted) as its entity tag: a version the
   * body has, which changes whenever the body does (the schedule's).
   */
  public static Rendered of(String contentType, String text, String etag) {
    return new Rendered(contentType, text.getBytes(StandardCharsets.UTF_8), etag);
  }

  public String contentType() {
    return contentType;
  }

  /** The body as rendered; not to be changed. */
  public byte[] bytes() {
    return bytes;
  }

  public String etag() {
    return etag;
  }

  /** The Content-Type header, encoded. */
  HttpField contentTypeHeader() {
    return contentTypeField;
  }

  /** Its headers besides the content type and entity tag (a Link, a page's policies), encoded. */
  List<HttpField> extraHeaders() {
    return extraFields;
  }

  /** The ETag header, encoded. */
  HttpField etagHeader() {
    return etagField;
  }

  /** The body gzipped, made on the first call. */
  public byte[] gzipped() {
    byte[] g = gzipped;
    if (g == null) {
      g = gzip(bytes);
      gzipped = g;
    }
    return g;
  }

  /**
   * Whether {@code ifNoneMatch} (an If-None-Match header, possibly a list or *) names this body.
   */
  public boolean matches(String ifNoneMatch) {
    if (ifNoneMatch == null) {
      return false;
    }
    for (String tag : ifNoneMatch.split(",")) {
      String t = tag.strip();
      if (t.equals("*") || t.equals(etag) || t.equals("W/" + etag)) {
        return true;
      }
    }
    return false;
  }

  private static String digest(byte[] bytes) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
      return HexFormat.of().formatHex(d, 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, bytes.length / 4));
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException("gzip in memory failed", e);
    }
    return out.toByteArray();
  }
}
