/**
 * What happens to a club when its owner's personal data is erased (data rights; the spec
 * is silent, so this is the platform's decision):
 *
 * - The club is NOT deleted: its members, runs, content, KYC tax identity, settlements, payouts and
 *   ledger accounts belong to the community and to the money/tax records, and deleting the club row
 *   would cascade them away.
 * - Ownership passes, at the erasure tick (after the cool-off, so a cancelled request changes
 *   nothing), to the longest-standing other ACTIVE OWNER member if there is one, else to the
 *   longest-standing ACTIVE ADMIN (earliest join, then earliest membership row, then id), who is
 *   promoted to OWNER. MODERATORs and MEMBERs are never promoted: running a club (money, KYC) is an
 *   ADMIN's job. Members whose own erasure request is pending are not candidates (the adapter leaves
 *   them out of the rows it passes).
 * - With no such successor the club is deactivated (`isActive = false`) with the reason
 *   {@link OwnerErasedReason}, and its owner reference becomes {@link ErasedUserId}.
 *
 * The adapters apply the decision inside the tick's transaction and audit it
 * (`club.ownership.transferred` / `club.deactivated`, actor `system`).
 */
import type { ClubMember } from "./club.model.js"

/** Deactivation reason of a club whose owner was erased with no one to take it over. */
export const OwnerErasedReason = "owner erased"

/**
 * The placeholder written into NOT NULL user references of records that are kept after their
 * person was erased (the nil UUID: it names nobody, and shared by every erased person it links
 * nothing to anyone).
 */
export const ErasedUserId = "00000000-0000-0000-0000-000000000000"

export type OwnedClubSuccession =
  | { readonly _tag: "TransferTo"; readonly member: ClubMember }
  | { readonly _tag: "Deactivate"; readonly reason: string }

const seniority = (a: ClubMember, b: ClubMember) =>
  (a.joinedAt ?? a.createdAt).getTime() - (b.joinedAt ?? b.createdAt).getTime() ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Who takes over a club whose owner `erasedUserId` is erased, from the club's membership rows. */
export const ownedClubSuccession = (erasedUserId: string, members: ReadonlyArray<ClubMember>): OwnedClubSuccession => {
  const others = members.filter((m) => m.userId !== erasedUserId && m.status === "ACTIVE" && m.userId !== ErasedUserId)
  for (const role of ["OWNER", "ADMIN"] as const) {
    const next = others.filter((m) => m.role === role).sort(seniority)[0]
    if (next !== undefined) return { _tag: "TransferTo", member: next }
  }
  return { _tag: "Deactivate", reason: OwnerErasedReason }
}
