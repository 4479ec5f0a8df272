package org.maintd.daemon.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maintd.cli.Maintctl;

/** One run of maintctl in this JVM against a daemon: its exit code and what it printed. */
public record MaintctlRun(int code, String out, String err) {
  /** Runs maintctl with {@code args} against {@code url}, signing with {@code keyFile}. */
  public static synchronized MaintctlRun of(String url, Path keyFile, String... args) {
    List<String> full = new ArrayList<>(List.of("--url", url, "--key-file", keyFile.toString()));
    full.addAll(List.of(args));
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int code = Maintctl.execute(full.toArray(String[]::new));
      return new MaintctlRun(
          code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
