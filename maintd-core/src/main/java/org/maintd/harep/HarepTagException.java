package org.maintd.harep;

/** An auto-repair tag that harep would refuse, or a combination of tags it cannot resolve. */
public final class HarepTagException extends RuntimeException {
  public HarepTagException(String tag, String what) {
    super("auto-repair tag '" + tag + "': " + what);
  }

  public HarepTagException(String message) {
    super(message);
  }
}
