/** Persistence of impersonations (Postgres: identity.impersonations). */
import { Context, type Effect, type Option } from "effect"
import type { Impersonation, ImpersonationConcurrentStart } from "./impersonation.model.js"

/** Impersonation records: at most one open row per admin. */
export class ImpersonationRepo extends Context.Tag("@podium/core/identity/ImpersonationRepo")<ImpersonationRepo, {
  /**
   * Ends every open impersonation of the admin (reason `superseded`) and inserts `record`,
   * atomically; answers the ones it ended (their sessions must be revoked).
   */
  readonly start: (record: Impersonation) => Effect.Effect<ReadonlyArray<Impersonation>, ImpersonationConcurrentStart>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Impersonation>>
  /** The admin's open impersonation (not ended, not expired at `at`). */
  readonly findOpenByAdmin: (adminId: string, at: Date) => Effect.Effect<Option.Option<Impersonation>>
  /** Ends it if still open (conditional update); none when it was already ended. */
  readonly end: (id: string, at: Date, reason: string, endedBy: string) => Effect.Effect<Option.Option<Impersonation>>
}>() {}
