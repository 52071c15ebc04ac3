/**
 * Proofs, claimable rewards and series passes on Postgres (migrations 0170, 0171). Moves are
 * conditional updates (`applyMove`); the live-proof rule and one reward per source and kind are
 * unique indexes; a pass's places are taken under its row lock.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Results } from "@podium/core"
import type { SqlError } from "@effect/sql/SqlError"
import { ClaimableReward, type MoveRefused, Proof, SeriesPass, SeriesPassRegistration } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const ProofColumns = [
  "id", "participation_id", "edition_id", "event_id", "user_id", "activity_id", "evidence_url", "elapsed_seconds", "started_at", "gender",
  "age_group", "status", "submitted_at", "resolved_at", "resolved_by", "reason", "leaderboard_id", "revoked_at", "revoked_by", "revoke_reason",
  "clawed_back_rc"
] as const
const RewardColumns = ["id", "user_id", "kind", "title", "amount", "badge", "source", "status", "created_at", "claimed_at", "voided_at"] as const
const PassColumns = [
  "id", "organizer_id", "event_id", "name", "description", "from_year", "to_year", "capacity", "registered", "registration_closes_at",
  "created_at", "updated_at"
] as const
const RegistrationColumns = ["id", "pass_id", "user_id", "status", "registered_at", "cancelled_at", "created_at"] as const

/** A row the transaction itself read or wrote is gone: the adapter's bug, never the caller's. */
class RowMissing {
  readonly _tag = "RowMissing"
  constructor(readonly what: string) {}
}
const die = (what: string) => () => new RowMissing(what)
const dieOnError = <A>(effect: Effect.Effect<A, MoveRefused | RowMissing>): Effect.Effect<A, MoveRefused> =>
  effect.pipe(Effect.catchIf((e): e is RowMissing => e instanceof RowMissing, (e) => Effect.dieMessage(`${e.what} missing`)))
const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

export const ProofRepoPg = Layer.effect(Results.ProofRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const proofs = rowsOf(Proof)
  const cols = sql.literal(ProofColumns.join(", "))
  const byId = (id: string) => proofs.one(sql`select ${cols} from results.proofs where id = ${id}`)
  return {
    submit: (input) =>
      proofs.one(sql`
        insert into results.proofs (participation_id, edition_id, event_id, user_id, activity_id, evidence_url, elapsed_seconds, started_at, gender, age_group, submitted_at)
        values (${input.participationId}, ${input.editionId}, ${input.eventId}, ${input.userId}, ${input.activityId}, ${input.evidenceUrl},
                ${input.elapsedSeconds}, ${input.startedAt}, ${input.gender}, ${input.ageGroup}, ${input.at})
        returning ${cols}`.pipe(onUnique(() => new Results.ProofAlreadySubmitted({ participationId: input.participationId })))),
    findById: (id) => proofs.maybe(sql`select ${cols} from results.proofs where id = ${id}`),
    ofParticipations: (ids) =>
      ids.length === 0
        ? Effect.succeed([])
        : proofs.all(sql`select ${cols} from results.proofs where participation_id in ${sql.in(ids as Array<string>)} order by submitted_at desc, id desc`),
    queue: (page) =>
      Effect.gen(function*() {
        const where = page.editionId === undefined ? sql`status = 'pending'` : sql`status = 'pending' and edition_id = ${page.editionId}`
        const total = yield* counts.one(sql`select count(*)::int as n from results.proofs where ${where}`)
        const items = yield* proofs.all(sql`select ${cols} from results.proofs where ${where} order by submitted_at, id limit ${page.limit} offset ${page.offset}`)
        return { items, total: total.n }
      }),
    move: (id, move, outcome) =>
      dieOnError(applyMove(sql, {
        moves: Results.ProofMoves,
        move,
        table: "results.proofs",
        id,
        set: move === "revoke"
          ? sql`revoked_at = ${outcome.at}, revoked_by = ${outcome.by}, revoke_reason = ${outcome.reason}`
          : sql`resolved_at = ${outcome.at}, resolved_by = ${outcome.by}, reason = ${outcome.reason}`,
        returning: cols,
        rows: proofs,
        notFound: die(`proof ${id}`)
      })),
    setLeaderboard: (id, leaderboardId) => Effect.zipRight(sql`update results.proofs set leaderboard_id = ${leaderboardId} where id = ${id}`.pipe(Effect.orDie), byId(id)),
    setClawedBack: (id, rc) => Effect.zipRight(sql`update results.proofs set clawed_back_rc = ${rc} where id = ${id}`.pipe(Effect.orDie), byId(id))
  }
}))

export const ClaimableRewardRepoPg = Layer.effect(Results.ClaimableRewardRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rewards = rowsOf(ClaimableReward)
  const cols = sql.literal(RewardColumns.join(", "))
  const move = (id: string, to: "claim" | "void", at: Date) =>
    dieOnError(applyMove(sql, {
      moves: Results.ClaimableRewardMoves,
      move: to,
      table: "results.claimable_rewards",
      id,
      set: to === "claim" ? sql`claimed_at = ${at}` : sql`voided_at = ${at}`,
      returning: cols,
      rows: rewards,
      notFound: die(`reward ${id}`)
    }))
  return {
    issue: (list) =>
      Effect.forEach(list, (r) =>
        sql`
          insert into results.claimable_rewards (user_id, kind, title, amount, badge, source, created_at)
          values (${r.userId}, ${r.kind}, ${r.title}, ${r.amount}, ${r.badge}, ${r.source}, ${r.at})
          on conflict (source, kind) do nothing`, { discard: true }).pipe(Effect.orDie),
    findById: (id) => rewards.maybe(sql`select ${cols} from results.claimable_rewards where id = ${id}`),
    ofUser: (userId, status, page) =>
      Effect.gen(function*() {
        const where = status === undefined ? sql`user_id = ${userId}` : sql`user_id = ${userId} and status = ${status}`
        const total = yield* counts.one(sql`select count(*)::int as n from results.claimable_rewards where ${where}`)
        const items = yield* rewards.all(sql`
          select ${cols} from results.claimable_rewards where ${where} order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`)
        return { items, total: total.n }
      }),
    claim: (id, at) => move(id, "claim", at),
    lockOfSource: (source) => rewards.all(sql`select ${cols} from results.claimable_rewards where source = ${source} order by id for update`),
    void: (id, at) => move(id, "void", at)
  }
}))

export const SeriesPassRepoPg = Layer.effect(Results.SeriesPassRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const passes = rowsOf(SeriesPass)
  const registrations = rowsOf(SeriesPassRegistration)
  const cols = sql.literal(PassColumns.join(", "))
  const rcols = sql.literal(RegistrationColumns.join(", "))
  const rcolsOf = sql.literal(RegistrationColumns.map((c) => `r.${c}`).join(", "))
  const pcolsOf = sql.literal(PassColumns.map((c) => `p.${c}`).join(", "))
  const withPass = rowsOf(Schema.Struct({ ...SeriesPassRegistration.fields }))
  const passRows = rowsOf(Schema.Struct({ ...SeriesPass.fields }))
  const tx = <A, E>(effect: Effect.Effect<A, E>) =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  return {
    create: (input) =>
      passes.one(sql`
        insert into results.series_passes (organizer_id, event_id, name, description, from_year, to_year, capacity, registration_closes_at)
        values (${input.organizerId}, ${input.eventId}, ${input.name}, ${input.description}, ${input.fromYear}, ${input.toYear}, ${input.capacity},
                ${input.registrationClosesAt})
        returning ${cols}`),
    findById: (id) => passes.maybe(sql`select ${cols} from results.series_passes where id = ${id}`),
    ofEvent: (eventId) => passes.all(sql`select ${cols} from results.series_passes where event_id = ${eventId} order by created_at desc, id desc`),
    register: (passId, userId, at) =>
      tx(Effect.gen(function*() {
        const pass = yield* passes.one(sql`select ${cols} from results.series_passes where id = ${passId} for update`)
        const had = yield* registrations.maybe(sql`select ${rcols} from results.series_pass_registrations where pass_id = ${passId} and user_id = ${userId}`)
        if (Option.isSome(had) && had.value.status === "registered") return { registration: had.value, created: false }
        if (pass.registered >= pass.capacity) return yield* new Results.SeriesPassFull({ passId })
        const registration = yield* registrations.one(sql`
          insert into results.series_pass_registrations (pass_id, user_id, registered_at, created_at) values (${passId}, ${userId}, ${at}, ${at})
          on conflict (pass_id, user_id) do update set status = 'registered', registered_at = excluded.registered_at, cancelled_at = null
          returning ${rcols}`)
        yield* sql`update results.series_passes set registered = registered + 1, updated_at = now() where id = ${passId}`
        return { registration, created: true }
      })),
    cancel: (passId, userId, at) =>
      tx(Effect.gen(function*() {
        const had = yield* registrations.maybe(sql`
          select ${rcols} from results.series_pass_registrations where pass_id = ${passId} and user_id = ${userId} for update`)
        if (Option.isNone(had)) return yield* new Results.SeriesPassRegistrationNotFound({ passId })
        const cancelled = yield* dieOnError(applyMove(sql, {
          moves: Results.SeriesPassRegistrationMoves,
          move: "cancel",
          table: "results.series_pass_registrations",
          id: had.value.id,
          set: sql`cancelled_at = ${at}`,
          returning: rcols,
          rows: registrations,
          notFound: die(`registration ${had.value.id}`)
        }))
        yield* sql`update results.series_passes set registered = registered - 1, updated_at = now() where id = ${passId}`
        return cancelled
      })),
    ofUser: (userId, status) =>
      Effect.gen(function*() {
        const where = status === undefined ? sql`r.user_id = ${userId}` : sql`r.user_id = ${userId} and r.status = ${status}`
        const rows = yield* withPass.all(sql`
          select ${rcolsOf} from results.series_pass_registrations r where ${where} order by r.registered_at desc, r.id desc limit 500`)
        if (rows.length === 0) return []
        const owned = yield* passRows.all(sql`
          select ${pcolsOf} from results.series_passes p where p.id in ${sql.in([...new Set(rows.map((r) => r.passId))])}`)
        const byId = new Map(owned.map((p) => [p.id, p]))
        return rows.map((r) => ({ ...r, pass: byId.get(r.passId)! }))
      })
  }
}))
