/** Clubs on the wire. */
import type { ClubMemberView, ClubView } from "@podium/contracts/clubs"
import type { Clubs } from "@podium/core"

export const clubView = (c: Clubs.Club): ClubView => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  description: c.description,
  sportIds: c.sportIds,
  city: c.city,
  clubType: c.clubType,
  requiresApproval: c.requiresApproval,
  status: c.status,
  rejectionReason: c.rejectionReason,
  isActive: c.isActive,
  verificationStatus: c.verificationStatus,
  ownerUserId: c.ownerUserId,
  submittedAt: c.submittedAt,
  reviewedAt: c.reviewedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt
})

export const memberView = (m: Clubs.ClubMember): ClubMemberView => ({
  id: m.id,
  clubId: m.clubId,
  userId: m.userId,
  role: m.role,
  status: m.status,
  tierId: m.tierId,
  joinedAt: m.joinedAt,
  createdAt: m.createdAt
})

export const pageView = <A, B>(found: { readonly items: ReadonlyArray<A>; readonly total: number; readonly page: number; readonly limit: number }, view: (a: A) => B) => ({
  items: found.items.map(view),
  total: found.total,
  page: found.page,
  limit: found.limit
})
