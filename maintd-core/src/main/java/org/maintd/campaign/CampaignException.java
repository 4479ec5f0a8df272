package org.maintd.campaign;

/** A campaign request or command that cannot be carried out, with the reason. */
public final class CampaignException extends RuntimeException {
  /** Why: the request is wrong (400), names something unknown (404), or conflicts (409). */
  public enum Kind {
    BAD_REQUEST,
    NOT_FOUND,
    CONFLICT
  }

  private final Kind kind;

  public CampaignException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
