/** Club DTOs shared by the clubs groups. */
import { Club, ClubMember } from "@podium/kernel"

export const ClubView = Club.omit("deactivationReason", "verificationReason", "payoutFrozen", "reviewedBy").annotations({ identifier: "Club" })
export type ClubView = typeof ClubView.Type

export const ClubMemberView = ClubMember.omit("updatedAt").annotations({ identifier: "ClubMember" })
export type ClubMemberView = typeof ClubMemberView.Type
