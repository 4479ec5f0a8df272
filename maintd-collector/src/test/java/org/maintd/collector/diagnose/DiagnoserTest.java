package org.maintd.collector.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.collector.exec.Scripts;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;

class DiagnoserTest {
  @TempDir Path tmp;

  Path dir;

  @BeforeEach
  void setUp() throws Exception {
    dir = Scripts.directory(tmp, "diagnose");
  }

  private Map<String, Object> diagnose(String body) throws Exception {
    Scripts.script(dir, "diag", body);
    return new Diagnoser(
            "diag", new Whitelist(dir), new CommandRunner(65536), Duration.ofSeconds(2))
        .diagnose();
  }

  @Test
  void passesTheDiagnoseObjectThroughUntouched() throws Exception {
    Map<String, Object> data =
        diagnose(
            "echo '{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}, \"ticket\": 42}'");
    assertEquals(
        Map.of("status", "evacuate", "details", Map.of("disk", "sdb"), "ticket", 42L), data);
  }

  @Test
  void theBuiltInDiagnoseReportsOk() {
    assertEquals(
        Map.of("status", "Ok"),
        new Diagnoser("", new Whitelist(dir), new CommandRunner(1024), Duration.ofSeconds(1))
            .diagnose());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = " :: ",
      value = {
        "not JSON :: echo 'all good' :: did not print one JSON object",
        "a JSON array :: echo '[1, 2]' :: expected a JSON object, got a JSON array",
        "two objects :: echo '{\"status\":\"Ok\"} {\"status\":\"evacuate\"}' :: did not print one JSON object",
        "unknown status :: echo '{\"status\": \"reboot\"}' :: unknown status 'reboot'",
        "live-repair without command :: echo '{\"status\": \"live-repair\"}' :: needs a 'command' string",
        "duplicate keys :: echo '{\"status\": \"Ok\", \"status\": \"evacuate\"}' :: did not print one JSON object",
        "non-zero exit :: echo '{\"status\": \"evacuate\"}'; echo broken >&2; exit 3 :: exited with code 3: broken",
        "10 MiB of output :: head -c 10485760 /dev/zero | tr '\\0' x :: printed more than 65536 bytes",
        "invalid UTF-8 :: printf '{\"status\": \"Ok\", \"x\": \"\\377\"}' :: not valid UTF-8",
        "a script that hangs :: sleep 30 :: timed out after 2000 ms",
        "empty output :: true :: did not print one JSON object"
      })
  void badOutputIsOkWithACollectorErrorAndNeverAnAction(String what, String body, String reason)
      throws Exception {
    Map<String, Object> data = diagnose(body);
    assertEquals("Ok", data.get("status"), what);
    assertTrue(String.valueOf(data.get("collector-error")).contains(reason), what + ": " + data);
  }

  @Test
  void aTimeoutKillsTheCommandsWholeProcessTree() throws Exception {
    Path pidFile = tmp.resolve("child.pid");
    Map<String, Object> data = diagnose("sleep 300 & echo $! > " + pidFile + "; wait");
    assertTrue(String.valueOf(data.get("collector-error")).contains("timed out"), data.toString());
    long child = Long.parseLong(java.nio.file.Files.readString(pidFile).strip());
    org.awaitility.Awaitility.await("the script's child is killed")
        .atMost(Duration.ofSeconds(10))
        .until(() -> ProcessHandle.of(child).map(p -> !p.isAlive()).orElse(true));
  }

  @Test
  void aRefusedCommandIsACollectorError() throws Exception {
    Scripts.script(dir, "diag", "echo '{\"status\":\"evacuate\"}'");
    Scripts.mode(dir.resolve("diag"), "rwxrwxrwx");
    Map<String, Object> data =
        new Diagnoser("diag", new Whitelist(dir), new CommandRunner(1024), Duration.ofSeconds(1))
            .diagnose();
    assertEquals("Ok", data.get("status"));
    assertTrue(
        String.valueOf(data.get("collector-error")).contains("writable by group or others"),
        data.toString());
  }

  @Test
  void runsWithAnEmptyEnvironmentInTheRootDirectory() throws Exception {
    Map<String, Object> data =
        diagnose(
            "printf '{\"status\":\"Ok\",\"env\":\"%s\",\"pwd\":\"%s\"}' \"$(env | grep -v '^PWD=' | grep -v '^SHLVL=' | grep -v '^_=' | tr '\\n' ' ')\" \"$(pwd)\"");
    assertEquals("", data.get("env"));
    assertEquals("/", data.get("pwd"));
  }

  @Test
  void nothingAScriptLeavesBehindOutlivesIt() throws Exception {
    String marker = Long.toString(3000 + (ProcessHandle.current().pid() % 997));
    String body =
        "sleep "
            + marker
            + " & (sleep "
            + marker
            + " >/dev/null 2>&1 &) ; echo '{\"status\": \"Ok\"}'";
    Diagnoser diagnoser =
        new Diagnoser("diag", new Whitelist(dir), new CommandRunner(65536), Duration.ofSeconds(10));
    Scripts.script(dir, "diag", body);
    for (int i = 0; i < 5; i++) {
      long started = System.nanoTime();
      assertEquals(Map.of("status", "Ok"), diagnoser.diagnose());
      assertTrue(
          System.nanoTime() - started < 1_500_000_000L,
          "the background child does not hold the answer back");
    }
    org.awaitility.Awaitility.await("no sleep " + marker + " left")
        .atMost(Duration.ofSeconds(5))
        .until(() -> sleepers(marker) == 0);
  }

  /** Processes running {@code sleep <marker>}, found in /proc. */
  private static long sleepers(String marker) throws Exception {
    try (var procs = java.nio.file.Files.list(Path.of("/proc"))) {
      return procs
          .filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
          .filter(
              p -> {
                try {
                  return java.nio.file.Files.readString(p.resolve("cmdline"))
                      .equals("sleep\0" + marker + "\0");
                } catch (java.io.IOException e) {
                  return false;
                }
              })
          .count();
    }
  }
}
