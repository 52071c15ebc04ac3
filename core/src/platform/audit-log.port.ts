/**
 * The append-only, hash-chained audit log: every row carries the hash of the row before it, so a
 * changed or removed row breaks the chain at that point (checked by `verify`). Contexts append
 * facts such as `admin.impersonation.started` with the actor, the subject, the reason and the
 * request's correlation id.
 */
import { Context, type Effect, type Option, Schema } from "effect"

export interface AuditEntryInput {
  /** What happened, dotted and past tense: `admin.impersonation.started`, `risk.acknowledged`. */
  readonly action: string
  readonly actor: { readonly kind: string; readonly id: string | null }
  readonly subject?: { readonly kind: string; readonly id: string }
  readonly reason?: string
  readonly correlationId?: string
  /** Extra facts; must be JSON. */
  readonly data?: Readonly<Record<string, unknown>>
}

export const AuditEntry = Schema.Struct({
  /** Position in the chain (1, 2, …). */
  seq: Schema.Number,
  id: Schema.String,
  occurredAt: Schema.DateFromSelf,
  action: Schema.String,
  actorKind: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  subjectKind: Schema.NullOr(Schema.String),
  subjectId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
  correlationId: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  prevHash: Schema.String,
  hash: Schema.String
})
export interface AuditEntry extends Schema.Schema.Type<typeof AuditEntry> {}

export interface AuditFilter {
  readonly action?: string
  readonly actorId?: string
  readonly subjectKind?: string
  readonly subjectId?: string
  readonly from?: Date
  readonly to?: Date
  /** Newest first; rows with seq below this cursor. */
  readonly beforeSeq?: number
  readonly limit: number
}

export interface ChainHealth {
  /** Rows checked (the newest `window` rows). */
  readonly checked: number
  readonly intact: boolean
  /** Seq of the first row whose hash or link does not match, if any. */
  readonly firstBrokenSeq: Option.Option<number>
}

/** The hash of the row before the first one. */
export const GenesisHash = "0".repeat(64)

/** Appends and reads the hash-chained audit log. */
export class AuditLog extends Context.Tag("@podium/core/platform/AuditLog")<AuditLog, {
  /** Appends one row; concurrent appends are serialised so the chain stays linear. */
  readonly append: (entry: AuditEntryInput) => Effect.Effect<AuditEntry>
  readonly list: (filter: AuditFilter) => Effect.Effect<ReadonlyArray<AuditEntry>>
  /** Re-computes the hashes of the newest `window` rows and checks each link. */
  readonly verify: (window: number) => Effect.Effect<ChainHealth>
}>() {}

/**
 * The canonical text a row's hash covers: the previous hash and the row's facts with keys sorted,
 * so any adapter computes the same hash for the same row.
 */
export const canonicalAuditText = (prevHash: string, e: Omit<AuditEntry, "hash" | "prevHash" | "seq">): string =>
  `${prevHash}\n${stableJson({
    id: e.id,
    occurredAt: e.occurredAt.toISOString(),
    action: e.action,
    actorKind: e.actorKind,
    actorId: e.actorId,
    subjectKind: e.subjectKind,
    subjectId: e.subjectId,
    reason: e.reason,
    correlationId: e.correlationId,
    data: e.data
  })}`

/** JSON with object keys sorted at every level. */
export const stableJson = (value: unknown): string => {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null"
  if (value instanceof Date) return JSON.stringify(value.toISOString())
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`
}
