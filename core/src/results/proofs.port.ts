/** Repositories of proofs, claimable rewards and series passes (Postgres in @podium/postgres, memory twins in ../testing). */
import type {
  ClaimableReward,
  MoveRefused,
  Proof,
  ResultGender,
  SeriesPass,
  SeriesPassRegistration
} from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ProofAlreadySubmitted, ProofMove, SeriesPassFull, SeriesPassRegistrationNotFound } from "./proofs.model.js"

export interface NewProof {
  readonly participationId: string
  readonly editionId: string
  readonly eventId: string
  readonly userId: string
  readonly activityId: string | null
  readonly evidenceUrl: string | null
  readonly elapsedSeconds: number
  readonly startedAt: Date
  readonly gender: ResultGender
  readonly ageGroup: string | null
  readonly at: Date
}

export interface ProofOutcome {
  readonly by: string
  readonly reason: string | null
  readonly at: Date
}

export class ProofRepo extends Context.Tag("@podium/core/results/ProofRepo")<ProofRepo, {
  /** Records a pending proof; refused while the participation has a pending or approved one (unique). */
  readonly submit: (input: NewProof) => Effect.Effect<Proof, ProofAlreadySubmitted>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Proof>>
  /** Every proof of the participations, newest first. */
  readonly ofParticipations: (participationIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Proof>>
  /** Pending proofs, oldest first (who waited longest is reviewed first). */
  readonly queue: (page: { readonly limit: number; readonly offset: number; readonly editionId?: string | undefined }) => Effect.Effect<{ readonly items: ReadonlyArray<Proof>; readonly total: number }>
  /**
   * One move as a conditional update: approve and reject record the outcome in `resolved*` and
   * `reason`, revoke in `revoked*`. Fails with the refusal when the proof is not in a legal status.
   */
  readonly move: (id: string, move: ProofMove, outcome: ProofOutcome) => Effect.Effect<Proof, MoveRefused>
  readonly setLeaderboard: (id: string, leaderboardId: string) => Effect.Effect<Proof>
  readonly setClawedBack: (id: string, rc: number) => Effect.Effect<Proof>
}>() {}

export interface NewReward {
  readonly userId: string
  readonly kind: ClaimableReward["kind"]
  readonly title: string
  readonly amount: number
  readonly badge: string | null
  readonly source: string
  readonly at: Date
}

export class ClaimableRewardRepo extends Context.Tag("@podium/core/results/ClaimableRewardRepo")<ClaimableRewardRepo, {
  /** Issues the rewards; one per source and kind, so issuing again issues nothing new. */
  readonly issue: (rewards: ReadonlyArray<NewReward>) => Effect.Effect<void>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClaimableReward>>
  /** The user's rewards, newest first, optionally in one status. */
  readonly ofUser: (userId: string, status: ClaimableReward["status"] | undefined, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{ readonly items: ReadonlyArray<ClaimableReward>; readonly total: number }>
  /** claimable → claimed, one conditional update (of concurrent claims exactly one wins). */
  readonly claim: (id: string, at: Date) => Effect.Effect<ClaimableReward, MoveRefused>
  /**
   * The rewards of a source, each held (row lock) until the caller's transaction ends, so a claim
   * cannot slip between reading a reward and voiding it.
   */
  readonly lockOfSource: (source: string) => Effect.Effect<ReadonlyArray<ClaimableReward>>
  readonly void: (id: string, at: Date) => Effect.Effect<ClaimableReward, MoveRefused>
}>() {}

export interface NewSeriesPass {
  readonly organizerId: string
  readonly eventId: string
  readonly name: string
  readonly description: string | null
  readonly fromYear: number
  readonly toYear: number
  readonly capacity: number
  readonly registrationClosesAt: Date | null
}

export interface PassRegistrationWithPass extends SeriesPassRegistration {
  readonly pass: SeriesPass
}

export class SeriesPassRepo extends Context.Tag("@podium/core/results/SeriesPassRepo")<SeriesPassRepo, {
  readonly create: (input: NewSeriesPass) => Effect.Effect<SeriesPass>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SeriesPass>>
  readonly ofEvent: (eventId: string) => Effect.Effect<ReadonlyArray<SeriesPass>>
  /**
   * Registers the athlete under the pass's row lock: an existing live registration is answered as
   * is (`created: false`); a cancelled one is revived; a new place is taken only while
   * `registered < capacity`, so concurrent registrations never oversell.
   */
  readonly register: (passId: string, userId: string, at: Date) => Effect.Effect<{ readonly registration: SeriesPassRegistration; readonly created: boolean }, SeriesPassFull>
  /** registered → cancelled (conditional), giving the place back. */
  readonly cancel: (passId: string, userId: string, at: Date) => Effect.Effect<SeriesPassRegistration, SeriesPassRegistrationNotFound | MoveRefused>
  /** The user's registrations with their passes, newest first. */
  readonly ofUser: (userId: string, status: SeriesPassRegistration["status"] | undefined) => Effect.Effect<ReadonlyArray<PassRegistrationWithPass>>
}>() {}
