/**
 * Rolling-reboot campaigns: what the operator asks for ({@link org.maintd.campaign.CampaignSpec}),
 * the campaign as it stands ({@link org.maintd.campaign.Campaign}: its reboot groups, each node's
 * phase, where each moved instance lives when it is home), and how one is created from a cluster
 * snapshot. The steps themselves are planned in rounds by {@code org.maintd.plan}. No I/O.
 */
package org.maintd.campaign;
