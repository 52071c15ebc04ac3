/** Repositories of the clubs context (Postgres adapters in @podium/postgres, memory twins in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type { Club, ClubMember, ClubRole, ClubSlugTaken, ClubStatus, MemberStatus } from "./club.model.js"

export interface NewClub extends Pick<Club, "name" | "slug" | "description" | "sportIds" | "city" | "clubType" | "requiresApproval" | "ownerUserId"> {}

/** Fields an update may change; absent keys stay as they are. */
export interface ClubPatch extends Partial<
    Pick<
      Club,
      "name" | "description" | "sportIds" | "city" | "clubType" | "requiresApproval" | "isActive" | "deactivationReason" | "verificationStatus" | "verificationReason" | "payoutFrozen"
    >
  > {}

export interface ClubFilter {
  readonly status?: ClubStatus
  /** Only ACTIVE, active (not deactivated) clubs: what athletes may browse. */
  readonly publicOnly?: boolean
  readonly sportId?: string
  readonly ownerUserId?: string
  readonly verificationStatus?: Club["verificationStatus"]
  /** Case-insensitive match on name or slug. */
  readonly search?: string
  readonly limit: number
  readonly offset: number
  /** Oldest first (review queues) instead of newest first. */
  readonly oldestFirst?: boolean
}

export class ClubRepo extends Context.Tag("@podium/core/clubs/ClubRepo")<ClubRepo, {
  /** Creates the club in DRAFT and its OWNER membership in one transaction. */
  readonly create: (input: NewClub) => Effect.Effect<Club, ClubSlugTaken>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Club>>
  /** By id (a UUID) or by slug. */
  readonly findByIdOrSlug: (idOrSlug: string) => Effect.Effect<Option.Option<Club>>
  readonly update: (id: string, patch: ClubPatch) => Effect.Effect<Option.Option<Club>>
  /**
   * Moves the onboarding status only while it is one of `from` (a conditional update: of two
   * concurrent moves exactly one wins); none when the club was not in such a state.
   */
  readonly transition: (
    id: string,
    from: ReadonlyArray<ClubStatus>,
    to: ClubStatus,
    extra: { readonly rejectionReason: string | null; readonly reviewedBy?: string | null; readonly submitted?: boolean }
  ) => Effect.Effect<Option.Option<Club>>
  readonly list: (filter: ClubFilter) => Effect.Effect<{ readonly items: ReadonlyArray<Club>; readonly total: number }>
  readonly countOwnedBy: (userId: string) => Effect.Effect<number>
}>() {}

export interface MemberFilter {
  readonly status?: MemberStatus
  readonly role?: ClubRole
  readonly limit: number
  readonly offset: number
}

export class ClubMemberRepo extends Context.Tag("@podium/core/clubs/ClubMemberRepo")<ClubMemberRepo, {
  readonly find: (clubId: string, userId: string) => Effect.Effect<Option.Option<ClubMember>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClubMember>>
  /**
   * Creates or re-activates the (club, user) membership with `status` and `role` (a LEFT or REMOVED
   * row is reused, keeping one row per person and club); an existing ACTIVE or PENDING row is
   * answered unchanged with `created: false`.
   */
  readonly upsert: (clubId: string, userId: string, status: "ACTIVE" | "PENDING", role: ClubRole) => Effect.Effect<{
    readonly member: ClubMember
    readonly created: boolean
  }>
  /** Conditional status move (only from `from`); none when the row was not in such a state. */
  readonly setStatus: (id: string, from: ReadonlyArray<MemberStatus>, to: MemberStatus) => Effect.Effect<Option.Option<ClubMember>>
  readonly setRole: (id: string, role: ClubRole) => Effect.Effect<Option.Option<ClubMember>>
  readonly setTier: (id: string, tierId: string | null) => Effect.Effect<Option.Option<ClubMember>>
  readonly list: (clubId: string, filter: MemberFilter) => Effect.Effect<{ readonly items: ReadonlyArray<ClubMember>; readonly total: number }>
  readonly countActive: (clubId: string) => Effect.Effect<number>
  /** The caller's memberships across clubs (any status), newest first. */
  readonly ofUser: (userId: string) => Effect.Effect<ReadonlyArray<ClubMember>>
}>() {}
