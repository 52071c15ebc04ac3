/**
 * Anti-cheat on Postgres (activities.anti_cheat_settings, .anti_cheat_rules, .flags,
 * .flag_responses, .appeals; migration 0045). Every move is core's machine applied as one
 * conditional update (`applyMove`), so of two concurrent decisions exactly one wins; a move that
 * may start or end a block recomputes the activity's eligibility in the same transaction and
 * records the change in the activity's audit.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Activities } from "@podium/core"
import { ActivityAppeal, AntiCheatFlag, AntiCheatRule, FlagResponse, RuleMode } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const FlagColumns = `id, activity_id, user_id, rule_key, reason, observed, threshold, mode, status, decision_reason, decided_by,
  decided_at, created_at, updated_at`
const AppealColumns = `id, flag_id, activity_id, user_id, reason, status, decision_reason, decided_by, decided_at, created_at, updated_at`
const SettingsRow = Schema.Struct({ mode: RuleMode, updatedAt: AntiCheatRule.fields.updatedAt })
const EligibleRow = Schema.Struct({ eligible: Schema.Boolean })

export const AntiCheatRepoPg = Layer.effect(Activities.AntiCheatRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const flags = rowsOf(AntiCheatFlag)
  const appeals = rowsOf(ActivityAppeal)
  const rules = rowsOf(AntiCheatRule)
  const responses = rowsOf(FlagResponse)
  const settings = rowsOf(SettingsRow)
  const eligibility = rowsOf(EligibleRow)
  const flagCols = sql.literal(FlagColumns)
  const appealCols = sql.literal(AppealColumns)
  const blocking = sql.in(Activities.BlockingFlagStatuses as ReadonlyArray<string>)

  const governance = Effect.gen(function*() {
    const global = yield* settings.one(sql`select mode, updated_at from activities.anti_cheat_settings where id = 1`)
    const all = yield* rules.all(sql`select key, description, sport, threshold, unit, mode, updated_at from activities.anti_cheat_rules order by key`)
    return { mode: global.mode, updatedAt: global.updatedAt, rules: all }
  })

  /** Recomputes whether the activity counts; an actual change is written to its audit. */
  const recompute = (activityId: string, editor: { readonly id: string | null; readonly role: string }, why: Record<string, unknown>) =>
    Effect.gen(function*() {
      const before = yield* eligibility.maybe(sql`select eligible from activities.activities where id = ${activityId} for update`)
      if (Option.isNone(before)) return
      const after = yield* eligibility.one(sql`
        update activities.activities a
        set eligible = not exists (
          select 1 from activities.flags f where f.activity_id = a.id and f.mode = 'enforce' and f.status in ${blocking}),
          updated_at = now()
        where a.id = ${activityId} returning eligible`)
      if (after.eligible === before.value.eligible) return
      yield* sql`insert into activities.audit (activity_id, editor_id, editor_role, action, changes)
        values (${activityId}, ${editor.id}, ${editor.role}, ${after.eligible ? "restored" : "flagged"},
          ${JSON.stringify({ eligible: { from: before.value.eligible, to: after.eligible }, ...why })}::jsonb)`
    })

  const flagMove = (id: string, move: Activities.FlagMove, decision?: Activities.Decision) =>
    applyMove(sql, {
      moves: Activities.FlagMoves,
      move,
      table: "activities.flags",
      id,
      set: decision === undefined
        ? sql`updated_at = now()`
        : sql`decision_reason = ${decision.reason}, decided_by = ${decision.adminId}, decided_at = now(), updated_at = now()`,
      returning: flagCols,
      rows: flags,
      notFound: () => new Activities.FlagNotFound({ id })
    })

  const addResponse = (flagId: string, authorKind: "athlete" | "admin", authorId: string, message: string) =>
    responses.one(sql`
      insert into activities.flag_responses (flag_id, author_kind, author_id, message)
      values (${flagId}, ${authorKind}, ${authorId}, ${message})
      returning id, flag_id, author_kind, author_id, message, created_at`)

  const transaction = <A, E>(effect: Effect.Effect<A, E | SqlError, never>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchIf((e): e is SqlError => (e as { _tag?: unknown })._tag === "SqlError", Effect.die)) as never

  return Activities.AntiCheatRepo.of({
    governance,
    setMode: (mode) =>
      Effect.zipRight(
        Effect.orDie(sql`update activities.anti_cheat_settings set mode = ${mode}, updated_at = now() where id = 1`),
        governance
      ),
    updateRule: (key, patch) =>
      rules.maybe(sql`
        update activities.anti_cheat_rules
        set ${Object.keys(patch).length === 0 ? sql`updated_at = updated_at` : sql`${sql.update({ ...patch })}, updated_at = now()`}
        where key = ${key} returning key, description, sport, threshold, unit, mode, updated_at`),
    raise: (activity, findings) =>
      transaction(Effect.gen(function*() {
        const raised = []
        for (const f of findings) {
          raised.push(yield* flags.one(sql`
            insert into activities.flags (activity_id, user_id, rule_key, reason, observed, threshold, mode)
            values (${activity.id}, ${activity.userId}, ${f.ruleKey}, ${f.reason}, ${f.observed}, ${f.threshold}, ${f.mode})
            returning ${flagCols}`))
        }
        if (findings.some((f) => f.mode === "enforce")) {
          yield* recompute(activity.id, { id: null, role: "system" }, { rules: findings.filter((f) => f.mode === "enforce").map((f) => f.ruleKey) })
        }
        return raised
      })),
    findFlag: (id) => flags.maybe(sql`select ${flagCols} from activities.flags where id = ${id}`),
    listFlags: (filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`true`,
          ...(filter.userId === undefined ? [] : [sql`user_id = ${filter.userId}`]),
          ...(filter.userIds === undefined ? [] : [filter.userIds.length === 0 ? sql`false` : sql`user_id in ${sql.in(filter.userIds as Array<string>)}`]),
          ...(filter.activityStartedBetween === undefined ? [] : [sql`activity_id in (
            select id from activities.activities where started_at >= ${filter.activityStartedBetween.from} and started_at < ${filter.activityStartedBetween.to})`]),
          ...(filter.activityId === undefined ? [] : [sql`activity_id = ${filter.activityId}`]),
          ...(filter.mode === undefined ? [] : [sql`mode = ${filter.mode}`]),
          ...(filter.statuses === undefined ? [] : [sql`status in ${sql.in(filter.statuses as ReadonlyArray<string>)}`])
        ])
        const order = filter.oldestFirst === true ? sql`created_at asc, id` : sql`created_at desc, id`
        const items = yield* flags.all(sql`
          select ${flagCols} from activities.flags where ${where} order by ${order} limit ${filter.limit} offset ${filter.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from activities.flags where ${where}`)
        return { items, total: total.n }
      }),
    responses: (flagId) =>
      responses.all(sql`
        select id, flag_id, author_kind, author_id, message, created_at from activities.flag_responses
        where flag_id = ${flagId} order by created_at, id`),
    respond: (flagId, userId, message) =>
      transaction(Effect.gen(function*() {
        yield* flagMove(flagId, "respond")
        return yield* addResponse(flagId, "athlete", userId, message)
      })),
    appeal: (flagId, userId, reason) =>
      transaction(Effect.gen(function*() {
        const existing = yield* ids.maybe(sql`select id from activities.appeals where flag_id = ${flagId}`)
        if (Option.isSome(existing)) return yield* new Activities.AppealAlreadySubmitted({ flagId })
        const flag = yield* flagMove(flagId, "appeal")
        return yield* appeals.one(
          sql`
            insert into activities.appeals (flag_id, activity_id, user_id, reason)
            values (${flagId}, ${flag.activityId}, ${userId}, ${reason})
            returning ${appealCols}`.pipe(onUnique(() => new Activities.AppealAlreadySubmitted({ flagId })))
        )
      })),
    decideFlag: (flagId, move, decision) =>
      transaction(Effect.gen(function*() {
        const flag = yield* flagMove(flagId, move, decision)
        yield* addResponse(flagId, "admin", decision.adminId, decision.reason)
        yield* recompute(flag.activityId, { id: decision.adminId, role: "admin" }, { flagId, decision: move })
        return flag
      })),
    findAppeal: (id) => appeals.maybe(sql`select ${appealCols} from activities.appeals where id = ${id}`),
    listAppeals: (filter) =>
      Effect.gen(function*() {
        const where = sql.and([
          sql`true`,
          ...(filter.userId === undefined ? [] : [sql`user_id = ${filter.userId}`]),
          ...(filter.status === undefined ? [] : [sql`status = ${filter.status}`])
        ])
        const items = yield* appeals.all(sql`
          select ${appealCols} from activities.appeals where ${where}
          order by created_at desc, id limit ${filter.limit} offset ${filter.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from activities.appeals where ${where}`)
        return { items, total: total.n }
      }),
    decideAppeal: (appealId, move, decision) =>
      transaction(Effect.gen(function*() {
        const appeal = yield* applyMove(sql, {
          moves: Activities.AppealMoves,
          move,
          table: "activities.appeals",
          id: appealId,
          set: sql`decision_reason = ${decision.reason}, decided_by = ${decision.adminId}, decided_at = now(), updated_at = now()`,
          returning: appealCols,
          rows: appeals,
          notFound: () => new Activities.AppealNotFound({ id: appealId })
        })
        yield* flagMove(appeal.flagId, move === "uphold" ? "restore" : "uphold", decision).pipe(
          // The flag follows its appeal; a flag out of step with its pending appeal is a defect.
          Effect.orDie
        )
        yield* addResponse(appeal.flagId, "admin", decision.adminId, decision.reason)
        yield* recompute(appeal.activityId, { id: decision.adminId, role: "admin" }, { appealId, decision: move })
        return appeal
      }))
  })
}))
