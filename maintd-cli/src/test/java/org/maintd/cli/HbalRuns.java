package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ganeti's hbal and {@code maintctl balance} run side by side for the differential tests: their
 * exit codes, outputs and moves, compared move by move.
 */
final class HbalRuns {
  static final Path HBAL = Path.of("/usr/lib/ganeti/3.0/usr/bin/hbal");

  private HbalRuns() {}

  /** A run: exit code, standard output, standard error. */
  record Run(int rc, String out, String err) {
    /** The move lines, each with its runs of spaces made one (hbal pads to the longest name). */
    List<String> moves() {
      return out.lines()
          .filter(l -> l.matches("\\s+\\d+\\. .*"))
          .map(l -> l.strip().replaceAll("\\s+", " "))
          .toList();
    }

    /** The initial score printed. */
    double initialScore() {
      Matcher m = Pattern.compile("Initial score: (-?[0-9.]+)").matcher(out);
      assertTrue(m.find(), "no initial score in:\n" + out + err);
      return Double.parseDouble(m.group(1));
    }
  }

  /** hbal with these arguments. */
  static Run hbal(List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(HBAL.toString()));
    command.addAll(args);
    Process p = new ProcessBuilder(command).start();
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p));
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(600, TimeUnit.SECONDS), "hbal did not finish: " + args);
    return new Run(p.exitValue(), out, new String(err.get(), StandardCharsets.UTF_8));
  }

  /** {@code maintctl balance} with these arguments, in this process. */
  static Run maintctl(List<String> args) {
    List<String> all = new ArrayList<>(List.of("balance"));
    all.addAll(args);
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int rc = Maintctl.execute(all.toArray(String[]::new));
      return new Run(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  /** The same moves, in the same order, each with the same score (printed to 8 decimals). */
  static void assertSameMoves(Run theirs, Run ours, String why) {
    List<String> expected = theirs.moves();
    List<String> actual = ours.moves();
    String all = why + "\nhbal:\n" + theirs.out() + theirs.err() + "\nmaintctl:\n" + ours.out();
    assertEquals(expected.size(), actual.size(), all);
    for (int k = 0; k < expected.size(); k++) {
      assertEquals(withoutScore(expected.get(k)), withoutScore(actual.get(k)), all);
      assertEquals(score(expected.get(k)), score(actual.get(k)), 2e-8, all);
    }
  }

  /** A move line without its score (the field before the commands, {@code a=...}). */
  static String withoutScore(String move) {
    List<String> f = new ArrayList<>(List.of(move.split(" ")));
    f.remove(scoreField(f));
    return String.join(" ", f);
  }

  /** A move line's score: printed to 8 decimals, so a sum in another order may round otherwise. */
  static double score(String move) {
    List<String> f = List.of(move.split(" "));
    return Double.parseDouble(f.get(scoreField(f)));
  }

  private static int scoreField(List<String> fields) {
    for (int k = 1; k < fields.size(); k++) {
      if (fields.get(k).startsWith("a=")) {
        return k - 1;
      }
    }
    throw new AssertionError("no commands in the move " + fields);
  }

  private static byte[] readAll(Process p) {
    try {
      return p.getErrorStream().readAllBytes();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
