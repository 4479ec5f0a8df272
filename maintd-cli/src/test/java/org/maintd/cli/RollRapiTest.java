package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.cli.MaintctlTest.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cli.MaintctlTest.Run;

/**
 * {@code maintctl roll -m} against a real HTTPS RAPI on a loopback port serving Ganeti's RAPI test
 * data: the plan is the plan of the same cluster as an htools text file (hroller's own {@code -S}
 * of that data), and a refused login, an unreachable RAPI and an untrusted certificate are failures
 * (exit code 1) that say so.
 */
class RollRapiTest {
  private static final String PEM = "/rapi/server.pem";

  @TempDir static Path tmp;
  private static RapiServer open;
  private static RapiServer guarded;
  private static Path login;

  @BeforeAll
  static void start() throws Exception {
    open = new RapiServer("testsuite", null, null);
    guarded = new RapiServer("testsuite", "ops", "s3cret");
    login = tmp.resolve("rapi-login");
    Files.writeString(login, "ops s3cret\n");
    Files.setPosixFilePermissions(login, PosixFilePermissions.fromString("rw-------"));
  }

  @AfterAll
  static void stop() throws Exception {
    open.close();
    guarded.close();
  }

  private static Run roll(String server, List<String> options, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("roll", "-m", server));
    args.addAll(List.of("--rapi-ca-file", RapiServer.resource(PEM).toString()));
    args.addAll(options);
    args.addAll(List.of(more));
    return run(args.toArray(String[]::new));
  }

  private static Run rollText(String data, List<String> options) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("roll", "-t", RapiServer.resource(data).toString()));
    args.addAll(options);
    return run(args.toArray(String[]::new));
  }

  @ParameterizedTest(name = "roll {0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "''",
        "--no-headers",
        "--offline-maintenance",
        "--ignore-non-redundant --print-moves",
        "--full-evacuation --ignore-non-redundant --print-moves",
        "--skip-non-redundant",
        "-O node3",
        "--one-step-only --print-moves",
        "-o json"
      })
  void readsRapiAsTheSameClusterInTextGivesTheSamePlan(String options) throws Exception {
    List<String> opts = options.isEmpty() ? List.of() : List.of(options.split(" "));
    Run text = rollText("/rapi/testsuite.data", opts);
    Run rapi = roll(open.url(), opts);
    assertEquals(0, text.code(), text.err());
    assertEquals(text, rapi);
  }

  @Test
  void logsInWithTheCredentialsGiven() throws Exception {
    Run r = roll(guarded.url(), List.of("--rapi-credentials", login.toString()));
    assertEquals(rollText("/rapi/testsuite.data", List.of()), r);
  }

  @Test
  void aRefusedLoginIsAFailureThatSaysWhoWasRefused() throws Exception {
    Path wrong = tmp.resolve("wrong-login");
    Files.writeString(wrong, "ops guess\n");
    Files.setPosixFilePermissions(wrong, PosixFilePermissions.fromString("rw-------"));
    Run r = roll(guarded.url(), List.of("--rapi-credentials", wrong.toString()));
    assertEquals(1, r.code(), r.err());
    assertEquals("", r.out());
    assertTrue(
        r.err()
            .startsWith(
                "Error: failed to load data, aborting: RAPI at "
                    + guarded.url()
                    + " answered 401 to /2/groups?bulk=1: Unauthorized (user ops of"
                    + " --rapi-credentials was refused)"),
        r.err());
  }

  @Test
  void aRapiThatWantsALoginSaysHowToGiveOne() throws Exception {
    Run r = roll(guarded.url(), List.of());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("answered 401"), r.err());
    assertTrue(r.err().contains("give --rapi-credentials FILE"), r.err());
  }

  @Test
  void credentialsOthersCanReadAreRefusedBeforeSending() throws Exception {
    Path loose = tmp.resolve("loose-login");
    Files.writeString(loose, "ops s3cret\n");
    Files.setPosixFilePermissions(loose, PosixFilePermissions.fromString("rw-r--r--"));
    Run r = roll(guarded.url(), List.of("--rapi-credentials", loose.toString()));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("are readable by others than their owner"), r.err());
  }

  @Test
  void anUnreachableRapiIsAFailureNamingIt() throws Exception {
    String url = "https://127.0.0.1:" + MaintctlTest.closedPort();
    Run r = roll(url, List.of());
    assertEquals(1, r.code(), r.err());
    assertTrue(
        r.err()
            .startsWith("Error: failed to load data, aborting: cannot connect to RAPI at " + url),
        r.err());
  }

  @Test
  void aCertificateNotTrustedIsAFailure() throws Exception {
    Run r = run("roll", "-m", open.url());
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("TLS with RAPI at " + open.url() + " failed"), r.err());
    assertTrue(r.err().contains("--rapi-ca-file"), r.err());
  }

  @Test
  void theCertificateNamesNoHostSoVerifyingTheHostnameFails() throws Exception {
    Run r = roll(open.url(), List.of("--rapi-verify-hostname"));
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("TLS with RAPI at " + open.url() + " failed"), r.err());
  }

  @Test
  void aHostAloneMeansHttpsOnGanetisRapiPort() throws Exception {
    Run r = run("roll", "-m", "127.0.0.1");
    assertEquals(1, r.code(), r.err());
    assertTrue(r.err().contains("RAPI at https://127.0.0.1:5080"), r.err());
  }
}
