/**
 * The single place where clubs outcomes get their public meaning. Each club capability adds its
 * domain errors to `table` (one line each); handlers wrap use cases in `clubErrors`.
 */
import { BadRequest, Conflict, Forbidden, NotFound, ServiceUnavailable } from "@podium/contracts/common"
import type { Clubs } from "@podium/core"
import { mapErrors } from "../platform/error-mapping.js"

const table = {
  ClubKycNotFound: (e: Clubs.ClubKycNotFound) => new NotFound({ code: "CLUB_KYC_NOT_FOUND", message: e.message }),
  ClubKycLocked: (e: Clubs.ClubKycLocked) => new Conflict({ code: "CLUB_KYC_LOCKED", message: e.message }),
  ClubKycBankAccountMismatch: (e: Clubs.ClubKycBankAccountMismatch) => new Conflict({ code: "CLUB_KYC_BANK_ACCOUNT_MISMATCH", message: e.message }),
  ClubKycIncomplete: (e: Clubs.ClubKycIncomplete) => new BadRequest({ code: "CLUB_KYC_INCOMPLETE", message: e.message }),
  ClubKycMoveRefused: (e: Clubs.ClubKycMoveRefused) => new Conflict({ code: "CLUB_KYC_MOVE_REFUSED", message: e.message }),
  ClubNotFound: (e: Clubs.ClubNotFound) => new NotFound({ code: "CLUB_NOT_FOUND", message: e.message }),
  // Club gamification and the club admin workspace's community tools (gamification/club-admin handlers).
  PointsEntryNotFound: (e: Clubs.PointsEntryNotFound) => new NotFound({ code: "CLUB_POINTS_ENTRY_NOT_FOUND", message: e.message }),
  PointsAlreadyReversed: (e: Clubs.PointsAlreadyReversed) => new Conflict({ code: "CLUB_POINTS_ALREADY_REVERSED", message: e.message }),
  PointsReversalNotReversible: (e: Clubs.PointsReversalNotReversible) => new Conflict({ code: "CLUB_POINTS_REVERSAL_NOT_REVERSIBLE", message: e.message }),
  PointsRecipientNotMember: (e: Clubs.PointsRecipientNotMember) => new BadRequest({ code: "CLUB_POINTS_NOT_A_MEMBER", message: e.message }),
  PointsInsufficient: (e: Clubs.PointsInsufficient) => new Conflict({ code: "CLUB_POINTS_INSUFFICIENT", message: e.message }),
  PointsIdempotencyConflict: (e: Clubs.PointsIdempotencyConflict) => new Conflict({ code: "CLUB_POINTS_IDEMPOTENCY_CONFLICT", message: e.message }),
  RecognitionRuleNotFound: (e: Clubs.RecognitionRuleNotFound) => new NotFound({ code: "CLUB_RECOGNITION_RULE_NOT_FOUND", message: e.message }),
  RecognitionRuleMoveRefused: (e: Clubs.RecognitionRuleMoveRefused) => new Conflict({ code: "CLUB_RECOGNITION_RULE_MOVE_REFUSED", message: e.message }),
  ClubAwardNotFound: (e: Clubs.ClubAwardNotFound) => new NotFound({ code: "CLUB_AWARD_NOT_FOUND", message: e.message }),
  ClubAwardAlreadyGiven: (e: Clubs.ClubAwardAlreadyGiven) => new Conflict({ code: "CLUB_AWARD_ALREADY_GIVEN", message: e.message }),
  AwardRecipientNotMember: (e: Clubs.AwardRecipientNotMember) => new BadRequest({ code: "CLUB_AWARD_NOT_A_MEMBER", message: e.message }),
  ClubSegmentNotFound: (e: Clubs.ClubSegmentNotFound) => new NotFound({ code: "CLUB_SEGMENT_NOT_FOUND", message: e.message }),
  ClubSegmentArchived: (e: Clubs.ClubSegmentArchived) => new Conflict({ code: "CLUB_SEGMENT_ARCHIVED", message: e.message }),
  SegmentChallengeNotAttached: (e: Clubs.SegmentChallengeNotAttached) => new NotFound({ code: "CLUB_SEGMENT_CHALLENGE_NOT_ATTACHED", message: e.message }),
  // Club tiers and their money (club-tiers.handlers.ts)
  ClubTierNotFound: (e: Clubs.ClubTierNotFound) => new NotFound({ code: "CLUB_TIER_NOT_FOUND", message: e.message }),
  ClubNotMembershipType: (e: Clubs.ClubNotMembershipType) => new Forbidden({ code: "CLUB_NOT_MEMBERSHIP_TYPE", message: e.message }),
  ClubNotMonetizable: (e: Clubs.ClubNotMonetizable) => new Conflict({ code: "CLUB_NOT_MONETIZABLE", message: e.message }),
  ClubTierNotActive: (e: Clubs.ClubTierNotActive) => new Conflict({ code: "CLUB_TIER_NOT_ACTIVE", message: e.message }),
  ClubMembershipRequired: (e: Clubs.ClubMembershipRequired) => new Forbidden({ code: "CLUB_MEMBERSHIP_APPROVAL_REQUIRED", message: e.message }),
  TierPromoInvalid: (e: Clubs.TierPromoInvalid) => new BadRequest({ code: "CLUB_TIER_PROMO_INVALID", message: e.message }),
  TierCheckoutNotFound: (e: Clubs.TierCheckoutNotFound) => new NotFound({ code: "CLUB_TIER_CHECKOUT_NOT_FOUND", message: e.message }),
  TierPaymentNotCaptured: (e: Clubs.TierPaymentNotCaptured) => new Conflict({ code: "CLUB_TIER_PAYMENT_NOT_CAPTURED", message: e.message }),
  TierMembershipNotFound: (e: Clubs.TierMembershipNotFound) => new NotFound({ code: "CLUB_TIER_MEMBERSHIP_NOT_FOUND", message: e.message }),
  TierMemberNotFound: (e: Clubs.TierMemberNotFound) => new NotFound({ code: "CLUB_MEMBER_NOT_FOUND", message: e.message }),
  TierMoveRefused: (e: Clubs.TierMoveRefused) => new Conflict({ code: "CLUB_TIER_MOVE_REFUSED", message: e.message }),
  TierPromoCodeTaken: (e: Clubs.TierPromoCodeTaken) => new Conflict({ code: "CLUB_TIER_PROMO_CODE_TAKEN", message: e.message }),
  TierPromoNotFound: (e: Clubs.TierPromoNotFound) => new NotFound({ code: "CLUB_TIER_PROMO_NOT_FOUND", message: e.message }),
  TierPromoRejected: (e: Clubs.TierPromoRejected) => new BadRequest({ message: e.message }),
  ClubAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  ClubSlugTaken: (e: Clubs.ClubSlugTaken) => new Conflict({ code: "CLUB_SLUG_TAKEN", message: e.message }),
  ClubMoveRefused: (e: Clubs.ClubMoveRefused) => new Conflict({ code: "CLUB_ONBOARDING_MOVE_REFUSED", message: e.message }),
  ClubCreationNotEligible: (e: Clubs.ClubCreationNotEligible) => new Forbidden({ code: "CLUB_CREATION_NOT_ELIGIBLE", message: e.message }),
  ClubLastOwner: (e: Clubs.ClubLastOwner) => new Conflict({ code: "CLUB_LAST_OWNER", message: e.message }),
  ClubMembershipMoveRefused: (e: Clubs.ClubMembershipMoveRefused) => new Conflict({ code: "CLUB_MEMBERSHIP_MOVE_REFUSED", message: e.message }),
  ClubMembershipNotFound: (e: Clubs.ClubMembershipNotFound) => new NotFound({ code: "CLUB_MEMBERSHIP_NOT_FOUND", message: e.message }),
  ClubBlocked: (e: Clubs.ClubBlocked) => new Conflict({ code: "CLUB_BLOCKED", message: e.message }),
  ClubMembershipRemoved: (e: Clubs.ClubMembershipRemoved) => new Forbidden({ code: "CLUB_MEMBERSHIP_REMOVED", message: e.message }),
  ClubAthletesOnly: (e: Clubs.ClubAthletesOnly) => new Forbidden({ code: "CLUB_ATHLETES_ONLY", message: e.message }),
  ClubMembersPrivate: (e: Clubs.ClubMembersPrivate) => new Forbidden({ code: "CLUB_MEMBERS_PRIVATE", message: e.message }),
  ClubAlreadyMember: (e: Clubs.ClubAlreadyMember) => new Conflict({ code: "CLUB_ALREADY_MEMBER", message: e.message }),
  ClubUserNotFound: (e: Clubs.ClubUserNotFound) => new NotFound({ code: "USER_NOT_FOUND", message: e.message }),
  ClubInviteUnusable: (e: Clubs.ClubInviteUnusable) =>
    e.reason === "UNKNOWN" ? new NotFound({ code: "CLUB_INVITE_UNKNOWN", message: e.message }) : new Conflict({ code: `CLUB_INVITE_${e.reason}`, message: e.message }),
  ClubInviteNotForYou: (e: Clubs.ClubInviteNotForYou) => new Forbidden({ code: "CLUB_INVITE_NOT_FOR_YOU", message: e.message }),
  ClubOversightMoveRefused: (e: Clubs.ClubOversightMoveRefused) => new Conflict({ code: "CLUB_OVERSIGHT_MOVE_REFUSED", message: e.message }),
  ClubRunNotFound: (e: Clubs.ClubRunNotFound) => new NotFound({ code: "CLUB_RUN_NOT_FOUND", message: e.message }),
  RunClosed: (e: Clubs.RunClosed) => new Conflict({ code: "RUN_CLOSED", message: e.message }),
  RunFull: (e: Clubs.RunFull) => new Conflict({ code: "RUN_FULL", message: e.message }),
  ClubChannelNotFound: (e: Clubs.ClubChannelNotFound) => new NotFound({ code: "CLUB_CHANNEL_NOT_FOUND", message: e.message }),
  ClubChannelNameTaken: (e: Clubs.ClubChannelNameTaken) => new Conflict({ code: "CLUB_CHANNEL_NAME_TAKEN", message: e.message }),
  GeneralChannelProtected: (e: Clubs.GeneralChannelProtected) => new Conflict({ code: "GENERAL_CHANNEL_PROTECTED", message: e.message }),
  ClubAnnouncementNotFound: (e: Clubs.ClubAnnouncementNotFound) => new NotFound({ code: "CLUB_ANNOUNCEMENT_NOT_FOUND", message: e.message }),
  AnnouncementAlreadyBlasted: (e: Clubs.AnnouncementAlreadyBlasted) => new Conflict({ code: "ANNOUNCEMENT_ALREADY_BLASTED", message: e.message }),
  // Club money (RC grants, settlements, payout requests).
  RcGrantNotFound: (e: Clubs.RcGrantNotFound) => new NotFound({ code: "CLUB_RC_GRANT_NOT_FOUND", message: e.message }),
  RcGrantRequestAlreadyOpen: (e: Clubs.RcGrantRequestAlreadyOpen) => new Conflict({ code: "CLUB_RC_GRANT_REQUEST_ALREADY_OPEN", message: e.message }),
  RcGrantMoveRefused: (e: Clubs.RcGrantMoveRefused) => new Conflict({ code: "CLUB_RC_GRANT_MOVE_REFUSED", message: e.message }),
  ApprovedRcTooLarge: (e: Clubs.ApprovedRcTooLarge) => new BadRequest({ code: "APPROVED_RC_EXCEEDS_REQUEST", message: e.message }),
  ClubNotActive: (e: Clubs.ClubNotActive) => new Conflict({ code: "CLUB_NOT_ACTIVE", message: e.message }),
  SettlementNotFound: (e: Clubs.SettlementNotFound) => new NotFound({ code: "SETTLEMENT_NOT_FOUND", message: e.message }),
  PayoutRequestConflict: (e: Clubs.PayoutRequestConflict) => new Conflict({ code: e.code, message: e.message }),
  PayoutRequestNotFound: (e: Clubs.PayoutRequestNotFound) => new NotFound({ code: "PAYOUT_REQUEST_NOT_FOUND", message: e.message }),
  PayoutMoveRefused: (e: Clubs.PayoutMoveRefused) => new Conflict({ code: "PAYOUT_REQUEST_MOVE_REFUSED", message: e.message }),
  ClubEventsDisabled: (e: Clubs.ClubEventsDisabled) => new ServiceUnavailable({ code: "CLUB_EVENT_CREATION_DISABLED", message: e.message }),
  ClubChatMessageNotFound: (e: Clubs.ClubChatMessageNotFound) => new NotFound({ code: "CLUB_CHAT_MESSAGE_NOT_FOUND", message: e.message })
}

export const clubErrors = mapErrors(table)
