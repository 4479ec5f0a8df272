package org.maintd.campaign;

import org.maintd.error.ReasonedException;

/** A campaign request or command that cannot be carried out, with the reason. */
public final class CampaignException extends ReasonedException {
  /** Why: the request is wrong (400), names something unknown (404), or conflicts (409). */
  public enum Kind {
    BAD_REQUEST,
    NOT_FOUND,
    CONFLICT
  }

  public CampaignException(Kind kind, String message) {
    super(kind, message);
  }

  /** Why, as this exception's own enum. */
  @Override
  public Kind reason() {
    return (Kind) super.reason();
  }
}
