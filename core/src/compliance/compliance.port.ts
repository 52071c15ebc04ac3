/** Ports of the compliance context (Postgres adapters in @podium/postgres). */
import { Context, type Effect, type Option } from "effect"
import type {
  AccountMerge,
  AccountMergeConflict,
  AccountMergeNotFound,
  AccountMergeNotProposed,
  AccountMergeStatus,
  ConsentEvent,
  ConsentState,
  ErasureAlreadyRequested,
  ErasureNotPending,
  ErasureRequest,
  ErasureRequestNotFound,
  ErasureStatus,
  MergePreview
} from "./compliance.model.js"

/**
 * One context's contribution to a user's data export: `name` is the section key of the export
 * document, `export` answers JSON-able records (an object or an array of rows).
 */
export interface ExportSection {
  readonly name: string
  readonly export: (userId: string) => Effect.Effect<unknown>
}

/**
 * One context's personal data: its export section, plus what erasure does to it. `scramble`
 * de-identifies at once (erasure create: after it nothing the context returns carries old values);
 * `hardDelete` removes what the law allows after the cool-off (records that must be retained,
 * such as money and tax, are kept de-identified instead).
 */
export interface PersonalDataSection extends ExportSection {
  readonly scramble: (userId: string, marker: string) => Effect.Effect<void>
  readonly hardDelete: (userId: string) => Effect.Effect<void>
}

/** The registry of every context's personal-data section, in export order. */
export class PersonalDataSections extends Context.Tag("@podium/core/compliance/PersonalDataSections")<
  PersonalDataSections,
  ReadonlyArray<PersonalDataSection>
>() {}

export interface ConsentChange {
  readonly purpose: string
  readonly granted: boolean
}

export class ConsentRepo extends Context.Tag("@podium/core/compliance/ConsentRepo")<ConsentRepo, {
  /** The stored consents of a user (purposes never set are absent). */
  readonly list: (userId: string) => Effect.Effect<ReadonlyArray<ConsentState>>
  /** Applies the changes atomically; a change equal to the stored state writes nothing. Answers the history rows written. */
  readonly apply: (userId: string, changes: ReadonlyArray<ConsentChange>, source: string) => Effect.Effect<ReadonlyArray<ConsentEvent>>
  /** History, newest first, optionally of one purpose. */
  readonly history: (userId: string, purpose: Option.Option<string>) => Effect.Effect<ReadonlyArray<ConsentEvent>>
}>() {}

export interface LegalHold {
  readonly reason: string
  readonly statute: string
  readonly retainUntil: string
  readonly adminId: string
}

export class ErasureRepo extends Context.Tag("@podium/core/compliance/ErasureRepo")<ErasureRepo, {
  /** Runs `effect` in one database transaction. */
  readonly atomically: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Creates a REQUESTED request; fails when the user already has one open (safe under concurrency). */
  readonly create: (input: { readonly userId: string; readonly reason: string | null; readonly coolOffUntil: Date }) => Effect.Effect<ErasureRequest, ErasureAlreadyRequested>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ErasureRequest>>
  /** The user's newest request that is still REQUESTED or REJECTED (held). */
  readonly findActive: (userId: string) => Effect.Effect<Option.Option<ErasureRequest>>
  readonly list: (status: Option.Option<ErasureStatus>) => Effect.Effect<ReadonlyArray<ErasureRequest>>
  /** REQUESTED → CANCELLED while `now` is before the cool-off end. */
  readonly cancel: (id: string, userId: string, now: Date) => Effect.Effect<ErasureRequest, ErasureRequestNotFound | ErasureNotPending>
  /** REQUESTED → REJECTED with a legal hold. */
  readonly reject: (id: string, hold: LegalHold) => Effect.Effect<ErasureRequest, ErasureRequestNotFound | ErasureNotPending>
  /**
   * Confirms every REQUESTED request whose cool-off ended at `now` (rows locked, skipping ones
   * another tick holds) and runs `hardDelete` for each in the same transaction.
   */
  readonly confirmDue: (now: Date, hardDelete: (userId: string) => Effect.Effect<void>) => Effect.Effect<ReadonlyArray<ErasureRequest>>
}>() {}

export class AccountMergeRepo extends Context.Tag("@podium/core/compliance/AccountMergeRepo")<AccountMergeRepo, {
  readonly userExists: (userId: string) => Effect.Effect<boolean>
  /** Inserts a PROPOSED merge unless either user has one open (serialized per user). */
  readonly propose: (input: { readonly sourceUserId: string; readonly targetUserId: string; readonly reason: string; readonly proposedBy: string }) => Effect.Effect<AccountMerge, AccountMergeConflict>
  readonly preview: (sourceUserId: string, targetUserId: string) => Effect.Effect<MergePreview>
  readonly findById: (id: string) => Effect.Effect<Option.Option<AccountMerge>>
  readonly list: (status: Option.Option<AccountMergeStatus>) => Effect.Effect<ReadonlyArray<AccountMerge>>
  readonly cancel: (id: string) => Effect.Effect<AccountMerge, AccountMergeNotFound | AccountMergeNotProposed>
  /** PROPOSED → EXECUTED, moving the source's records to the target and removing the source account. */
  readonly execute: (id: string) => Effect.Effect<AccountMerge, AccountMergeNotFound | AccountMergeNotProposed>
}>() {}
