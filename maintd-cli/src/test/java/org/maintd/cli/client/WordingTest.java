package org.maintd.cli.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every trouble between maintctl and maintd, in the words the operator reads. Milliseconds. */
class WordingTest {
  private static final URI LOCAL = URI.create("http://127.0.0.1:1816");
  private static final URI STANDBY = URI.create("http://node2:1816");
  private static final URI LEADER = URI.create("http://node1:1816");
  private static final Trouble.KeyFile KEY =
      new Trouble.KeyFile(Path.of("/var/lib/maintd/hmac.key"), "MAINTD_KEY_FILE");
  private static final Wording.Asked REBOOT = new Wording.Asked("maintctl reboot node3", true);
  private static final Wording.Asked FORCED = new Wording.Asked("maintctl reboot node3", false);

  private static Trouble.Refused refused(int status, String code, String message) {
    return new Trouble.Refused(
        LOCAL, "POST", "/1/x", status, code, message, Optional.empty(), Optional.of(KEY));
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of(
            new Trouble.Unreachable(LOCAL, Trouble.Reach.REFUSED, "java.net.ConnectException"),
            Wording.Asked.NOTHING,
            "cannot reach maintd at http://127.0.0.1:1816: connection refused — is it running?"
                + " (systemctl status maintd; set MAINTD_URL or --url)"),
        Arguments.of(
            new Trouble.Unreachable(
                URI.create("http://nohost:1816"), Trouble.Reach.NO_SUCH_HOST, "x"),
            Wording.Asked.NOTHING,
            "cannot reach maintd at http://nohost:1816: no such host — is the name right? (set"
                + " MAINTD_URL or --url)"),
        Arguments.of(
            new Trouble.Unreachable(
                URI.create("https://10.0.0.1"), Trouble.Reach.TIMED_OUT, "timed out"),
            Wording.Asked.NOTHING,
            "cannot reach maintd at https://10.0.0.1: no answer within 5 s — is it running, and is"
                + " port 443 open to this machine? (systemctl status maintd; set MAINTD_URL or"
                + " --url)"),
        Arguments.of(
            new Trouble.Silent(LOCAL, 60),
            Wording.Asked.NOTHING,
            "maintd at http://127.0.0.1:1816 took the request but did not answer within 60 s: a"
                + " change may or may not have been made; see maintctl health and maintctl status"
                + " before sending it again"),
        Arguments.of(
            new Trouble.NoKeyFile(),
            Wording.Asked.NOTHING,
            "changes must be signed with the cluster key: give --key-file FILE or set"
                + " MAINTD_KEY_FILE (the daemon's key: hmacKeyFile in /etc/maintd/maintd.yaml,"
                + " /var/lib/maintd/hmac.key by default)"),
        Arguments.of(
            new Trouble.KeyUnreadable(
                new Trouble.KeyFile(Path.of("/nonexistent/key"), "--key-file"), "no such file"),
            Wording.Asked.NOTHING,
            "cannot read the key file /nonexistent/key (from --key-file): no such file; give the"
                + " daemon's own key (hmacKeyFile in /etc/maintd/maintd.yaml,"
                + " /var/lib/maintd/hmac.key by default)"),
        Arguments.of(
            new Trouble.KeyUnreadable(KEY, "permission denied"),
            Wording.Asked.NOTHING,
            "cannot read the key file /var/lib/maintd/hmac.key (from MAINTD_KEY_FILE): permission"
                + " denied; it is readable by root only: run maintctl as root (sudo -E keeps"
                + " MAINTD_KEY_FILE)"),
        Arguments.of(
            new Trouble.NoLeader(STANDBY, "this maintd is a standby; no daemon leads"),
            Wording.Asked.NOTHING,
            "maintd at http://node2:1816 is a standby and no daemon leads now, so nothing takes"
                + " changes: this maintd is a standby; no daemon leads; see maintctl health, and"
                + " try again once a daemon leads"),
        Arguments.of(
            new Trouble.LeaderUnreachable(
                STANDBY, new Trouble.Unreachable(LEADER, Trouble.Reach.REFUSED, "")),
            Wording.Asked.NOTHING,
            "maintd at http://node2:1816 is a standby; the leader it names, http://node1:1816,"
                + " cannot be reached: connection refused — is it running? (systemctl status"
                + " maintd there; maintctl --url http://node1:1816 health)"),
        Arguments.of(
            new Trouble.LeaderMoved(STANDBY, LEADER),
            Wording.Asked.NOTHING,
            "maintd at http://node2:1816 is a standby and http://node1:1816, the leader it named,"
                + " does not take changes either: leadership is changing; try again in a few"
                + " seconds (maintctl health names the leader)"),
        Arguments.of(
            refused(
                409,
                "conflict",
                "node node3 has an active incident 9724; ask with force to reboot it anyway"),
            REBOOT,
            "maintd answered 409: node node3 has an active incident 9724; ask with force to reboot"
                + " it anyway; to do it anyway: maintctl reboot node3 --force"),
        Arguments.of(
            refused(
                409,
                "conflict",
                "node node3 has an active incident 9724; ask with force to reboot it anyway"),
            FORCED,
            "maintd answered 409: node node3 has an active incident 9724; ask with force to reboot"
                + " it anyway"),
        Arguments.of(
            refused(
                409,
                "conflict",
                "node5 still has instances: inst03 (--force takes it down anyway)"),
            new Wording.Asked("maintctl down node5", true),
            "maintd answered 409: node5 still has instances: inst03 (--force takes it down"
                + " anyway)"),
        Arguments.of(
            refused(409, "conflict", "node5 is already DOWN"),
            new Wording.Asked("maintctl down node5", true),
            "maintd answered 409: node5 is already DOWN"),
        Arguments.of(
            refused(401, "unauthorized", "signature refused (bad-signature): it does not match"),
            Wording.Asked.NOTHING,
            "maintd answered 401: signature refused (bad-signature): it does not match; the key"
                + " file /var/lib/maintd/hmac.key (from MAINTD_KEY_FILE) does not hold the key the"
                + " daemon checks with: give the daemon's own key (hmacKeyFile in"
                + " /etc/maintd/maintd.yaml, /var/lib/maintd/hmac.key by default)"),
        Arguments.of(
            refused(401, "unauthorized", "signature refused (stale): salt 1700000000 is too old"),
            Wording.Asked.NOTHING,
            "maintd answered 401: signature refused (stale): salt 1700000000 is too old; this"
                + " machine's clock and the daemon's differ by more than 5 minutes: set the clock"
                + " right (timedatectl; NTP)"),
        Arguments.of(
            refused(403, "forbidden", "user ops may not write"),
            Wording.Asked.NOTHING,
            "maintd answered 403: user ops may not write; these credentials may not change"
                + " anything: maintctl signs with the cluster key (--key-file or MAINTD_KEY_FILE)"),
        Arguments.of(
            new Trouble.Refused(
                LOCAL,
                "POST",
                "/1/pause",
                503,
                "busy",
                "too many requests are sending their bodies at once",
                Optional.of(1L),
                Optional.of(KEY)),
            Wording.Asked.NOTHING,
            "maintd answered 503: too many requests are sending their bodies at once; it was busy"
                + " again when tried once more: try again in 1 s"),
        Arguments.of(
            refused(503, "busy", "the daemon is busy with a round; nothing was changed, try again"),
            Wording.Asked.NOTHING,
            "maintd answered 503: the daemon is busy with a round; nothing was changed, try again;"
                + " try again in a moment (maintctl health says what it is doing)"),
        Arguments.of(
            refused(503, "store-error", "the state cannot be stored, so nothing was changed: disk"),
            Wording.Asked.NOTHING,
            "maintd answered 503: the state cannot be stored, so nothing was changed: disk; see"
                + " maintctl health and the daemon's log (journalctl -u maintd)"),
        Arguments.of(
            refused(502, "backend-error", "the cluster backend failed: RAPI timed out"),
            Wording.Asked.NOTHING,
            "maintd answered 502: the cluster backend failed: RAPI timed out; is the cluster's"
                + " RAPI up? (maintctl health; the daemon's log (journalctl -u maintd))"),
        Arguments.of(
            refused(500, "internal", "internal error while serving POST /1/pause"),
            Wording.Asked.NOTHING,
            "maintd answered 500: internal error while serving POST /1/pause; a bug in maintd: the"
                + " daemon's log (journalctl -u maintd) has the details"),
        Arguments.of(
            new Trouble.Refused(
                LOCAL,
                "POST",
                "/1/sim/power-on",
                404,
                "not-found",
                "no such resource: POST /1/sim/power-on",
                Optional.empty(),
                Optional.of(KEY)),
            Wording.Asked.NOTHING,
            "maintd answered 404: no such resource: POST /1/sim/power-on; maintctl sim works only"
                + " with a daemon on the simulated cluster (backend: sim)"),
        Arguments.of(
            refused(404, "not-found", "no node node9 in the cluster"),
            Wording.Asked.NOTHING,
            "maintd answered 404: no node node9 in the cluster"),
        Arguments.of(
            refused(400, "bad-request", ""),
            Wording.Asked.NOTHING,
            "maintd answered 400: (no message)"),
        Arguments.of(
            new Trouble.NotMaintd(LOCAL, "/1/nodes", "<html>hello</html>"),
            Wording.Asked.NOTHING,
            "the answer of http://127.0.0.1:1816/1/nodes is not maintd's: <html>hello</html> (is"
                + " --url or MAINTD_URL maintd's API?)"),
        Arguments.of(
            new Trouble.WrongScheme(URI.create("http://n1:1816"), "https://n1:1816"),
            Wording.Asked.NOTHING,
            "maintd at http://n1:1816 speaks HTTPS, not plain HTTP: use https://n1:1816 (with"
                + " --ca-file or MAINTD_CA_FILE naming the certificate to trust)"),
        Arguments.of(
            new Trouble.TlsFailed(URI.create("https://n1:1816"), "PKIX path building failed"),
            Wording.Asked.NOTHING,
            "TLS with maintd at https://n1:1816 failed: PKIX path building failed (--ca-file or"
                + " MAINTD_CA_FILE names the certificate to trust)"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void eachTroubleSaysWhatHappenedAndWhatToDoNext(
      Trouble trouble, Wording.Asked asked, String words) {
    assertEquals(words, Wording.of(trouble, asked));
    assertEquals(1, words.lines().count(), "one line");
  }

  @ParameterizedTest
  @MethodSource("cases")
  void anApiExceptionCarriesTheTroubleAndItsWordsForNoCommand(
      Trouble trouble, Wording.Asked asked, String words) {
    ApiException e = new ApiException(trouble);
    assertEquals(Wording.of(trouble), e.getMessage());
    assertEquals(words, e.wording(asked));
  }

  @org.junit.jupiter.api.Test
  void everyKindOfTroubleHasACase() {
    List<Class<?>> covered = cases().<Class<?>>map(a -> a.get()[0].getClass()).distinct().toList();
    for (Class<?> kind : Trouble.class.getPermittedSubclasses()) {
      assertEquals(true, covered.contains(kind), kind.getSimpleName() + " has no case");
    }
  }
}
