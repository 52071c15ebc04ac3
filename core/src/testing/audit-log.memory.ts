/**
 * In-memory audit log with the same chain rules as the Postgres one. Its hash is a 256-bit FNV-1a
 * variant (the core has no crypto library): good for chain checks in tests, not a security hash.
 */
import { Effect, Layer, Option } from "effect"
import { type AuditEntry, AuditLog, canonicalAuditText, GenesisHash } from "../platform/audit-log.port.js"
import { nextMemoryId } from "./sequential-id.js"

const fnvHex = (text: string): string => {
  let out = ""
  for (let lane = 0; lane < 8; lane++) {
    let h = (0x811c9dc5 ^ lane) >>> 0
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i)
      h = Math.imul(h, 0x01000193) >>> 0
    }
    out += h.toString(16).padStart(8, "0")
  }
  return out
}


/** A fresh in-memory audit log per layer build; `rows` is exposed for tamper tests. */
export const makeAuditLogMemory = () => {
  const rows: Array<AuditEntry> = []
  const service = AuditLog.of({
    append: (input) =>
      Effect.sync(() => {
        const prevHash = rows.at(-1)?.hash ?? GenesisHash
        const facts = {
          id: nextMemoryId(),
          occurredAt: new Date(),
          action: input.action,
          actorKind: input.actor.kind,
          actorId: input.actor.id,
          subjectKind: input.subject?.kind ?? null,
          subjectId: input.subject?.id ?? null,
          reason: input.reason ?? null,
          correlationId: input.correlationId ?? null,
          data: input.data ?? {}
        }
        const entry: AuditEntry = { ...facts, seq: rows.length + 1, prevHash, hash: fnvHex(canonicalAuditText(prevHash, facts)) }
        rows.push(entry)
        return entry
      }),
    list: (filter) =>
      Effect.sync(() =>
        [...rows].reverse().filter((r) =>
          (filter.action === undefined || r.action === filter.action) &&
          (filter.actorId === undefined || r.actorId === filter.actorId) &&
          (filter.subjectKind === undefined || r.subjectKind === filter.subjectKind) &&
          (filter.subjectId === undefined || r.subjectId === filter.subjectId) &&
          (filter.from === undefined || r.occurredAt >= filter.from) &&
          (filter.to === undefined || r.occurredAt < filter.to) &&
          (filter.beforeSeq === undefined || r.seq < filter.beforeSeq)
        ).slice(0, filter.limit)
      ),
    verify: (window) =>
      Effect.sync(() => {
        const start = Math.max(0, rows.length - window)
        let prev = start === 0 ? GenesisHash : rows[start - 1]!.hash
        for (let i = start; i < rows.length; i++) {
          const row = rows[i]!
          if (row.prevHash !== prev || row.hash !== fnvHex(canonicalAuditText(row.prevHash, row)) || row.seq !== i + 1) {
            return { checked: rows.length - start, intact: false, firstBrokenSeq: Option.some(row.seq) }
          }
          prev = row.hash
        }
        return { checked: rows.length - start, intact: true, firstBrokenSeq: Option.none() }
      })
  })
  return { service, rows }
}

export const AuditLogMemory = Layer.sync(AuditLog, () => makeAuditLogMemory().service)
