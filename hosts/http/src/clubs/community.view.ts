/** Club community and oversight records on the wire. */
import type { Clubs, Organizers } from "@podium/core"
import { clubView } from "./club.view.js"

export const inviteView = (i: Clubs.ClubInvite) => ({
  id: i.id,
  clubId: i.clubId,
  kind: i.kind,
  targetUserId: i.targetUserId,
  role: i.role,
  expiresAt: i.expiresAt,
  maxUses: i.maxUses,
  uses: i.uses,
  revokedAt: i.revokedAt,
  createdAt: i.createdAt
})

export const adminClubStateView = (c: Clubs.Club) => ({
  ...clubView(c),
  deactivationReason: c.deactivationReason,
  verificationReason: c.verificationReason,
  payoutFrozen: c.payoutFrozen
})

export const adminClubView = (d: { readonly club: Clubs.Club; readonly memberCount: number; readonly pendingCount: number; readonly followerCount: number }) => ({
  ...adminClubStateView(d.club),
  reviewedBy: d.club.reviewedBy,
  memberCount: d.memberCount,
  pendingCount: d.pendingCount,
  followerCount: d.followerCount
})

export const organizerRefView = (o: Organizers.Organizer | null) =>
  o === null ? null : { id: o.id, name: o.name, slug: o.slug, approvalStatus: o.approvalStatus, isActive: o.isActive }
