package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** maintctl's own behaviour: usage errors, unreachable daemon, missing key. */
class MaintctlTest {
  record Run(int code, String out, String err) {}

  static Run run(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int code = Maintctl.execute(args);
      return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  static int closedPort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void usageErrorsExitWith2() {
    assertEquals(2, run("frobnicate").code());
    assertEquals(2, run("show").code());
    assertEquals(2, run("status", "-o", "yaml").code());
    assertEquals(2, run().code());
    assertEquals(2, run("sim").code());
  }

  @Test
  void helpExitsWith0() {
    Run r = run("--help");
    assertEquals(0, r.code());
    assertTrue(r.out().contains("status"), r.out());
  }

  @Test
  void anUnreachableDaemonIsAFailureWithAClearMessage() throws Exception {
    Run r = run("--url", "http://127.0.0.1:" + closedPort(), "status");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("cannot connect to maintd at http://127.0.0.1:"), r.err());
  }

  @Test
  void changesWithoutAKeyFileAreRefusedBeforeSending() throws Exception {
    Run r = run("--url", "http://127.0.0.1:" + closedPort(), "--key-file", "/nonexistent/key", "cancel", "x");
    assertEquals(1, r.code());
    assertTrue(r.err().contains("cannot read key file /nonexistent/key"), r.err());
  }
}
