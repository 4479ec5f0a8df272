package org.maintd.cli.client;

import java.net.URI;
import java.util.Locale;

/**
 * The one place that words what went wrong between maintctl and maintd: each {@link Trouble} in one
 * or two lines, what happened and then what to do next, never a stack trace. A refusal keeps the
 * daemon's own message (it says what was wrong) after {@code maintd answered STATUS:}, and gets the
 * next step the daemon cannot know: which credentials, which command line, when to try again.
 * Stateless.
 */
public final class Wording {
  private static final String SERVICE = " (systemctl status maintd; set MAINTD_URL or --url)";
  private static final String LOG = "the daemon's log (journalctl -u maintd)";
  private static final String KEY_HOME =
      "hmacKeyFile in /etc/maintd/maintd.yaml, /var/lib/maintd/hmac.key by default";

  private Wording() {}

  /**
   * The command that met the trouble: its command line as typed ({@code maintctl reboot node3}),
   * and whether it has a --force it was not given.
   */
  public record Asked(String command, boolean forceLeftOut) {
    /** Nothing known of the command. */
    public static final Asked NOTHING = new Asked("", false);
  }

  /** {@code t} in the operator's words, for no command in particular. */
  public static String of(Trouble t) {
    return of(t, Asked.NOTHING);
  }

  /** {@code t} in the operator's words, for the command {@code asked}. */
  public static String of(Trouble t, Asked asked) {
    if (t instanceof Trouble.Unreachable u) {
      return unreachable(u);
    }
    if (t instanceof Trouble.Refused r) {
      return Refusals.of(r, asked);
    }
    if (t instanceof Trouble.Silent s) {
      return "maintd at "
          + s.daemon()
          + " took the request but did not answer within "
          + s.seconds()
          + " s: a change may or may not have been made; see maintctl health and maintctl status"
          + " before sending it again";
    }
    if (t instanceof Trouble.WrongScheme w) {
      return "maintd at "
          + w.daemon()
          + (w.use().startsWith("https:")
              ? " speaks HTTPS, not plain HTTP: use "
                  + w.use()
                  + " (with --ca-file or MAINTD_CA_FILE naming the certificate to trust)"
              : " speaks plain HTTP, not HTTPS: use " + w.use());
    }
    if (t instanceof Trouble.TlsFailed f) {
      return "TLS with maintd at "
          + f.daemon()
          + " failed: "
          + f.detail()
          + " (--ca-file or MAINTD_CA_FILE names the certificate to trust)";
    }
    return standbyOrKey(t);
  }

  private static String standbyOrKey(Trouble t) {
    if (t instanceof Trouble.NoLeader n) {
      return "maintd at "
          + n.standby()
          + " is a standby and no daemon leads now, so nothing takes changes: "
          + n.message()
          + "; see maintctl health, and try again once a daemon leads";
    }
    if (t instanceof Trouble.LeaderUnreachable l) {
      return "maintd at "
          + l.standby()
          + " is a standby; the leader it names, "
          + l.leader().daemon()
          + ", cannot be reached: "
          + reach(l.leader())
          + " (systemctl status maintd there; maintctl --url "
          + l.leader().daemon()
          + " health)";
    }
    if (t instanceof Trouble.LeaderMoved m) {
      return "maintd at "
          + m.standby()
          + " is a standby and "
          + m.leader()
          + ", the leader it named, does not take changes either: leadership is changing; try"
          + " again in a few seconds (maintctl health names the leader)";
    }
    if (t instanceof Trouble.NoKeyFile) {
      return "changes must be signed with the cluster key: give --key-file FILE or set"
          + " MAINTD_KEY_FILE (the daemon's key: "
          + KEY_HOME
          + ")";
    }
    if (t instanceof Trouble.KeyUnreadable k) {
      return "cannot read the key file "
          + k.key().path()
          + " (from "
          + k.key().namedBy()
          + "): "
          + k.why()
          + "; "
          + (k.why().equals("permission denied")
              ? "it is readable by root only: run maintctl as root (sudo -E keeps MAINTD_KEY_FILE)"
              : "give the daemon's own key (" + KEY_HOME + ")");
    }
    if (t instanceof Trouble.NotMaintd n) {
      return "the answer of "
          + n.daemon()
          + n.path()
          + " is not maintd's: "
          + n.start()
          + " (is --url or MAINTD_URL maintd's API?)";
    }
    throw new IllegalStateException("no words for " + t);
  }

  private static String unreachable(Trouble.Unreachable u) {
    return "cannot reach maintd at "
        + u.daemon()
        + ": "
        + reach(u)
        + (u.reach() == Trouble.Reach.NO_SUCH_HOST ? " (set MAINTD_URL or --url)" : SERVICE);
  }

  /** Why a daemon cannot be reached, and the question to ask, from the network's answer. */
  private static String reach(Trouble.Unreachable u) {
    return switch (u.reach()) {
      case REFUSED -> "connection refused — is it running?";
      case NO_SUCH_HOST -> "no such host — is the name right?";
      case TIMED_OUT ->
          "no answer within 5 s — is it running, and is port "
              + port(u.daemon())
              + " open to this machine?";
      case OTHER -> u.detail() + " — is it running?";
    };
  }

  private static int port(URI daemon) {
    if (daemon.getPort() > 0) {
      return daemon.getPort();
    }
    return daemon.getScheme().toLowerCase(Locale.ROOT).equals("https") ? 443 : 80;
  }

  /** The words on refusals: a status and the daemon's message, then what to do. */
  static final class Refusals {
    private Refusals() {}

    static String of(Trouble.Refused r, Asked asked) {
      String said = "maintd answered " + r.status() + ": " + message(r);
      return said + next(r, asked);
    }

    private static String message(Trouble.Refused r) {
      return r.message().isBlank() ? "(no message)" : r.message();
    }

    /** What to do next, after the daemon's message; empty when its message says it already. */
    private static String next(Trouble.Refused r, Asked asked) {
      return switch (r.status()) {
        case 401 -> "; " + credentials(r);
        case 403 ->
            "; these credentials may not change anything: maintctl signs with the cluster key"
                + " (--key-file or MAINTD_KEY_FILE)";
        case 404 ->
            r.path().startsWith("/1/sim/") && r.message().startsWith("no such resource")
                ? "; maintctl sim works only with a daemon on the simulated cluster (backend: sim)"
                : "";
        case 409 -> override(r, asked);
        case 500 -> "; a bug in maintd: " + LOG + " has the details";
        case 502 -> "; is the cluster's RAPI up? (maintctl health; " + LOG + ")";
        case 503 -> unavailable(r);
        default -> "";
      };
    }

    /** A 409 the daemon says force overrides, sent without it: the option that does. */
    private static String override(Trouble.Refused r, Asked asked) {
      boolean forceable = r.message().contains("with force") || r.message().contains("?force");
      if (!asked.forceLeftOut() || !forceable || r.message().contains("--force")) {
        return "";
      }
      return "; to do it anyway: " + asked.command() + " --force";
    }

    private static String credentials(Trouble.Refused r) {
      String key =
          r.signedWith()
              .map(k -> "the key file " + k.path() + " (from " + k.namedBy() + ")")
              .orElse("the key file");
      if (r.message().contains("(stale)") || r.message().contains("(future)")) {
        return "this machine's clock and the daemon's differ by more than 5 minutes: set the"
            + " clock right (timedatectl; NTP)";
      }
      if (r.message().contains("(replayed)")) {
        return "the same signed request reached maintd twice; send the command again (each is"
            + " signed anew)";
      }
      return key
          + " does not hold the key the daemon checks with: give the daemon's own key ("
          + KEY_HOME
          + ")";
    }

    private static String unavailable(Trouble.Refused r) {
      if (r.code().equals("busy")) {
        return r.retryAfter()
            .map(s -> "; it was busy again when tried once more: try again in " + s + " s")
            .orElse("; try again in a moment (maintctl health says what it is doing)");
      }
      return "; see maintctl health and " + LOG;
    }
  }
}
