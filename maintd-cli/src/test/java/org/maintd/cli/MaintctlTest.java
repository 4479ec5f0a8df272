package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

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
  void everyCommandAndSubcommandAnswersHelp() {
    List<String> paths = new ArrayList<>();
    collect(new CommandLine(new Maintctl()), List.of(), paths);
    assertTrue(paths.size() > 20, paths.toString());
    for (String path : paths) {
      List<String> args = new ArrayList<>(List.of(path.split(" ")));
      args.add("--help");
      Run r = run(args.toArray(String[]::new));
      assertEquals(0, r.code(), path + " --help: " + r.err());
      assertTrue(
          r.out().startsWith("Usage: maintctl " + path + " "), path + " --help:\n" + r.out());
    }
  }

  private static void collect(CommandLine command, List<String> prefix, List<String> paths) {
    command
        .getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!name.equals("help")) {
                List<String> path = new ArrayList<>(prefix);
                path.add(name);
                paths.add(String.join(" ", path));
                collect(sub, path, paths);
              }
            });
  }

  @Test
  void aUsageErrorNamesTheCommandWhoseHelpToRead() {
    Run r = run("sim", "tag", "--bogus");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("try 'maintctl sim tag --help'"), r.err());
    assertEquals(0, run(r.err().replaceAll("(?s).*try 'maintctl (.*)'.*", "$1").split(" ")).code());
  }

  @Test
  void anUnreachableDaemonIsAFailureSayingWhatToLookAt() throws Exception {
    int port = closedPort();
    Run r = run("--url", "http://127.0.0.1:" + port, "status");
    assertEquals(1, r.code());
    assertEquals(
        "maintctl: cannot reach maintd at http://127.0.0.1:"
            + port
            + ": connection refused — is it running? (systemctl status maintd; set MAINTD_URL or"
            + " --url)\n",
        r.err());
  }

  @Test
  void changesWithoutAKeyFileAreRefusedBeforeSending() throws Exception {
    Run r =
        run(
            "--url",
            "http://127.0.0.1:" + closedPort(),
            "--key-file",
            "/nonexistent/key",
            "cancel",
            "00000000-0000-0000-0000-000000000001");
    assertEquals(1, r.code());
    assertTrue(
        r.err()
            .startsWith(
                "maintctl: cannot read the key file /nonexistent/key (from --key-file): no such"
                    + " file; give the daemon's own key"),
        r.err());
  }

  @Test
  void aRefusalOfMaintdThatForceOverridesNamesTheCommandLineWithForce() throws Exception {
    CommandLine cli = new CommandLine(new Maintctl());
    cli.parseArgs("reboot", "node3", "--reason", "it's time");
    CommandLine reboot = cli.getSubcommands().get("reboot");
    org.maintd.cli.client.Wording.Asked asked = Failures.asked(reboot);
    assertEquals("maintctl reboot node3 --reason 'it'\\''s time'", asked.command());
    assertTrue(asked.forceLeftOut());
    cli.parseArgs("reboot", "node3", "--force");
    assertEquals(false, Failures.asked(reboot).forceLeftOut(), "given");
    cli.parseArgs("pause");
    assertEquals(false, Failures.asked(cli.getSubcommands().get("pause")).forceLeftOut(), "none");
  }
}
