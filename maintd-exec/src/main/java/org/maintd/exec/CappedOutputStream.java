package org.maintd.exec;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;

/** Keeps the first {@code limit} bytes written and remembers whether more came. Not thread-safe. */
final class CappedOutputStream extends OutputStream {
  private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
  private final int limit;
  private boolean over;

  CappedOutputStream(int limit) {
    this.limit = limit;
  }

  @Override
  public void write(int b) {
    if (kept.size() < limit) {
      kept.write(b);
    } else {
      over = true;
    }
  }

  @Override
  public void write(byte[] b, int off, int len) {
    int room = Math.max(0, limit - kept.size());
    kept.write(b, off, Math.min(room, len));
    if (len > room) {
      over = true;
    }
  }

  byte[] bytes() {
    return kept.toByteArray();
  }

  boolean over() {
    return over;
  }
}
