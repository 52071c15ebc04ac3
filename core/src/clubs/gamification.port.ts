/**
 * Repositories of club gamification (Postgres `ClubPointsRepoPg`/`MemberOfTheMonthRepoPg`, memory
 * twins in @podium/core/testing). The use cases call the locking reads inside
 * `Transactor.atomically`, so the rules (membership, no negative balance through a debit, reverse
 * once) hold under concurrent calls.
 */
import { Context, type Effect, type Option } from "effect"
import type { MemberStatus } from "./club.model.js"
import type { BoardScope, BoardStanding, MemberOfTheMonth, PointsEntry } from "./gamification.model.js"

export interface NewPointsEntry extends Omit<PointsEntry, "id" | "reversedByEntryId" | "createdAt"> {}

export interface PointsListFilter {
  readonly userId?: string | undefined
  readonly limit: number
  readonly offset: number
}

/** Every key a club's boards exist under (for a full rebuild). */
export interface BoardKeys {
  readonly sportIds: ReadonlyArray<string>
  readonly monthKeys: ReadonlyArray<string>
  readonly weekKeys: ReadonlyArray<string>
}

export class ClubPointsRepo extends Context.Tag("@podium/core/clubs/ClubPointsRepo")<ClubPointsRepo, {
  /**
   * The (club, user) membership status, locking the membership row until the unit of work ends (so
   * two grants or debits of one member run one after the other); none when the user never joined.
   */
  readonly lockMember: (clubId: string, userId: string) => Effect.Effect<Option.Option<MemberStatus>>
  /** The member's points: the sum of their entries in the club. */
  readonly balance: (clubId: string, userId: string) => Effect.Effect<number>
  readonly findByIdempotencyKey: (clubId: string, key: string) => Effect.Effect<Option.Option<PointsEntry>>
  /** Appends an entry; none when its idempotency key (or reversed entry) was taken meanwhile. */
  readonly insert: (entry: NewPointsEntry) => Effect.Effect<Option.Option<PointsEntry>>
  /** The entry of the club, locked until the unit of work ends. */
  readonly lockEntry: (clubId: string, entryId: string) => Effect.Effect<Option.Option<PointsEntry>>
  /** Links an entry to its reversal (only while it has none); false when it already had one. */
  readonly markReversed: (entryId: string, reversalId: string) => Effect.Effect<boolean>
  /** Newest first. */
  readonly list: (clubId: string, filter: PointsListFilter) => Effect.Effect<{ readonly items: ReadonlyArray<PointsEntry>; readonly total: number }>
  /** Every member's total on one board (members with entries only). */
  readonly standings: (clubId: string, scope: BoardScope) => Effect.Effect<ReadonlyArray<BoardStanding>>
  /** One member's total on one board (0 without entries). */
  readonly memberPoints: (clubId: string, userId: string, scope: BoardScope) => Effect.Effect<number>
  readonly boardKeys: (clubId: string) => Effect.Effect<BoardKeys>
  /**
   * The month's top ACTIVE member with more than 0 points: most points, then the earliest last
   * entry of the month, then the lowest user id.
   */
  readonly monthWinner: (clubId: string, monthKey: string) => Effect.Effect<Option.Option<BoardStanding>>
}>() {}

export class MemberOfTheMonthRepo extends Context.Tag("@podium/core/clubs/MemberOfTheMonthRepo")<MemberOfTheMonthRepo, {
  /** Records the month's winner once per (club, month key); none when one was already recorded. */
  readonly record: (input: Omit<MemberOfTheMonth, "detectedAt">) => Effect.Effect<Option.Option<MemberOfTheMonth>>
  readonly find: (clubId: string, monthKey: string) => Effect.Effect<Option.Option<MemberOfTheMonth>>
}>() {}
