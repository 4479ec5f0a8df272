package org.maintd.round;

import org.maintd.campaign.CampaignException;

/**
 * Why an operator command was refused: the request is wrong, names something unknown, conflicts
 * with the state, or was made from a version of it that is no longer current ({@code STALE}). The
 * refusals of the rules a command applies (a campaign's, a reboot request's) map to these one by
 * one, each case named ({@link #of(CampaignException.Kind)}, {@link
 * #of(org.maintd.reboot.Refusal.Kind)}).
 */
public enum Refusal {
  BAD_REQUEST,
  NOT_FOUND,
  CONFLICT,
  STALE;

  /** A campaign command's refusal as the command's. */
  static Refusal of(CampaignException.Kind kind) {
    return switch (kind) {
      case BAD_REQUEST -> BAD_REQUEST;
      case NOT_FOUND -> NOT_FOUND;
      case CONFLICT -> CONFLICT;
    };
  }

  /** A reboot request's or release's refusal as the command's. */
  static Refusal of(org.maintd.reboot.Refusal.Kind kind) {
    return switch (kind) {
      case BAD_REQUEST -> BAD_REQUEST;
      case NOT_FOUND -> NOT_FOUND;
      case CONFLICT -> CONFLICT;
    };
  }
}
