/**
 * The Postgres audit log. Appends take a transaction-scoped advisory lock, read the last hash,
 * compute the next with SHA-256 over the canonical text, and insert: concurrent appends from any
 * number of processes form one linear chain.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"
import { createHash, randomUUID } from "node:crypto"

// The chain position is a bigint; read as float8, exact for every position a chain reaches.
const Columns = `seq::float8 as seq, id, occurred_at, action, actor_kind, actor_id, subject_kind, subject_id, reason, correlation_id,
  data, prev_hash, hash`

const ChainHead = Schema.Struct({ seq: Schema.Number, hash: Schema.String })
const heads = rowsOf(ChainHead)

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/** Lock key shared by every appender (any 64-bit constant unique to the audit chain). */
const ChainLock = 7_307_100_001

export const AuditLogPg = Layer.effect(
  Platform.AuditLog,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const entries = rowsOf(Platform.AuditEntry)
    const cols = sql.literal(Columns)
    return Platform.AuditLog.of({
      append: (input) =>
        sql.withTransaction(Effect.gen(function*() {
          yield* sql`select pg_advisory_xact_lock(${ChainLock})`
          const last = Option.getOrUndefined(yield* heads.maybe(sql`
            select seq::float8 as seq, hash from platform.audit_log order by seq desc limit 1`))
          const prevHash = last?.hash ?? Platform.GenesisHash
          const seq = (last?.seq ?? 0) + 1
          // A JS date has millisecond precision, which timestamptz keeps exactly: the hash recomputed
          // from the stored row matches.
          const occurredAt = new Date()
          const facts = {
            id: randomUUID(),
            occurredAt,
            action: input.action,
            actorKind: input.actor.kind,
            actorId: input.actor.id,
            subjectKind: input.subject?.kind ?? null,
            subjectId: input.subject?.id ?? null,
            reason: input.reason ?? null,
            correlationId: input.correlationId ?? null,
            data: input.data ?? {}
          }
          const hash = sha256(Platform.canonicalAuditText(prevHash, facts))
          yield* sql`insert into platform.audit_log ${sql.insert({ ...facts, seq, prevHash, hash, data: JSON.stringify(facts.data) })}`
          return { ...facts, seq, prevHash, hash } satisfies Platform.AuditEntry
        })).pipe(Effect.orDie),
      list: (filter) =>
        entries.all(sql`
          select ${cols} from platform.audit_log where ${sql.and([
            filter.action === undefined ? sql`true` : sql`action = ${filter.action}`,
            filter.actorId === undefined ? sql`true` : sql`actor_id = ${filter.actorId}`,
            filter.subjectKind === undefined ? sql`true` : sql`subject_kind = ${filter.subjectKind}`,
            filter.subjectId === undefined ? sql`true` : sql`subject_id = ${filter.subjectId}`,
            filter.from === undefined ? sql`true` : sql`occurred_at >= ${filter.from}`,
            filter.to === undefined ? sql`true` : sql`occurred_at < ${filter.to}`,
            filter.beforeSeq === undefined ? sql`true` : sql`seq < ${filter.beforeSeq}`
          ])}
          order by seq desc limit ${filter.limit}`),
      verify: (window) =>
        Effect.gen(function*() {
          const rows = [...yield* entries.all(sql`select ${cols} from platform.audit_log order by seq desc limit ${window + 1}`)].reverse()
          // The oldest fetched row only anchors the first link when the window is smaller than the chain.
          const anchored = rows.length > window
          const checkedRows = anchored ? rows.slice(1) : rows
          let expectedPrev = anchored ? rows[0]!.hash : Platform.GenesisHash
          let expectedSeq = anchored ? rows[0]!.seq + 1 : 1
          for (const row of checkedRows) {
            const recomputed = sha256(Platform.canonicalAuditText(row.prevHash, row))
            if (row.prevHash !== expectedPrev || row.hash !== recomputed || row.seq !== expectedSeq) {
              return { checked: checkedRows.length, intact: false, firstBrokenSeq: Option.some(row.seq) }
            }
            expectedPrev = row.hash
            expectedSeq = row.seq + 1
          }
          return { checked: checkedRows.length, intact: true, firstBrokenSeq: Option.none() }
        }).pipe(Effect.orDie)
    })
  })
)
