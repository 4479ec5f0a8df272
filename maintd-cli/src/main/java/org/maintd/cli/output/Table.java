package org.maintd.cli.output;

import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.text.Escaped;

/**
 * A plain-text table with a header row and columns as wide as their widest cell. Every cell is
 * shown {@link Escaped escaped}: a name or a reason that holds a line break, a tab or a terminal
 * control stays in its cell and can neither start a row of its own nor colour or reorder the
 * screen. Not thread-safe.
 */
public final class Table {
  private final List<String[]> rows = new ArrayList<>();

  public Table(String... header) {
    rows.add(header);
  }

  public Table row(Object... cells) {
    String[] r = new String[cells.length];
    for (int i = 0; i < cells.length; i++) {
      r[i] = cells[i] == null ? "" : Escaped.of(String.valueOf(cells[i]));
    }
    rows.add(r);
    return this;
  }

  public String render() {
    int columns = rows.get(0).length;
    int[] width = new int[columns];
    for (String[] r : rows) {
      for (int i = 0; i < columns; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < columns; i++) {
        line.append(i == columns - 1 ? r[i] : String.format("%-" + width[i] + "s  ", r[i]));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
