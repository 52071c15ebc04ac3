/** Club community and oversight records on the wire, where their shape differs from the records. */
import type { Clubs, Organizers } from "@podium/core"

export const adminClubView = (d: { readonly club: Clubs.Club; readonly memberCount: number; readonly pendingCount: number; readonly followerCount: number }) => ({
  ...d.club,
  memberCount: d.memberCount,
  pendingCount: d.pendingCount,
  followerCount: d.followerCount
})

export const organizerRefView = (o: Organizers.Organizer | null) =>
  o === null ? null : { id: o.id, name: o.name, slug: o.slug, approvalStatus: o.approvalStatus, isActive: o.isActive }
