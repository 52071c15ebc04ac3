/**
 * In-memory twins of the compliance ports (same rules as the Postgres adapters: idempotent consent
 * with history, one REQUESTED erasure per user, conditional state changes, one open merge per user).
 * The personal-data registry twin holds the consent section only.
 */
import { Clock, Effect, Layer, Option } from "effect"
import {
  type AccountMerge,
  AccountMergeConflict,
  AccountMergeNotFound,
  AccountMergeNotProposed,
  type ConsentEvent,
  type ConsentState,
  ErasureAlreadyRequested,
  ErasureNotPending,
  type ErasureRequest,
  ErasureRequestNotFound
} from "../compliance/compliance.model.js"
import { AccountMergeRepo, ConsentRepo, ErasureRepo, PersonalDataSections } from "../compliance/compliance.port.js"
import { nextMemoryId } from "./sequential-id.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Consent, erasure and merge twins plus a registry with the consent section; `users` decides which user ids exist. */
export const complianceReposMemory = (users: (id: string) => boolean = () => true): Layer.Layer<ConsentRepo | ErasureRepo | AccountMergeRepo | PersonalDataSections> => {
  const consents = new Map<string, ConsentState>()
  const events: Array<ConsentEvent> = []
  const erasures = new Map<string, ErasureRequest>()
  const merges = new Map<string, AccountMerge>()
  const key = (userId: string, purpose: string) => `${userId}|${purpose}`

  const consentRepo = ConsentRepo.of({
    list: (userId) => Effect.sync(() => [...consents.entries()].filter(([k]) => k.startsWith(`${userId}|`)).map(([, v]) => v)),
    apply: (userId, changes, source) =>
      Effect.map(now, (at) =>
        changes.flatMap((c) => {
          const current = consents.get(key(userId, c.purpose))
          if (current?.granted === c.granted) return []
          consents.set(key(userId, c.purpose), { purpose: c.purpose, granted: c.granted, updatedAt: at })
          if (current === undefined && !c.granted) return []
          const event: ConsentEvent = { id: nextMemoryId(), userId, purpose: c.purpose, granted: c.granted, source, createdAt: at }
          events.push(event)
          return [event]
        })),
    history: (userId, purpose) =>
      Effect.sync(() => events.filter((e) => e.userId === userId && (Option.isNone(purpose) || e.purpose === purpose.value)).reverse())
  })

  const erasureRepo = ErasureRepo.of({
    atomically: (effect) => effect,
    create: (input) =>
      Effect.gen(function*() {
        const open = [...erasures.values()].find((r) => r.userId === input.userId && r.status === "REQUESTED")
        if (open !== undefined) return yield* new ErasureAlreadyRequested({ id: open.id })
        const request: ErasureRequest = {
          id: nextMemoryId(),
          userId: input.userId,
          status: "REQUESTED",
          reason: input.reason,
          requestedAt: yield* now,
          coolOffUntil: input.coolOffUntil,
          cancelledAt: null,
          confirmedAt: null,
          hardDeletedAt: null,
          holdReason: null,
          holdStatute: null,
          holdRetainUntil: null,
          heldBy: null,
          heldAt: null
        }
        erasures.set(request.id, request)
        return request
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(erasures.get(id))),
    findActive: (userId) =>
      Effect.sync(() => Option.fromNullable([...erasures.values()].filter((r) => r.userId === userId && (r.status === "REQUESTED" || r.status === "REJECTED")).at(-1))),
    list: (status) => Effect.sync(() => [...erasures.values()].filter((r) => Option.isNone(status) || r.status === status.value).reverse()),
    cancel: (id, userId, at) =>
      Effect.gen(function*() {
        const r = erasures.get(id)
        if (r === undefined || r.userId !== userId) return yield* new ErasureRequestNotFound({ id })
        if (r.status !== "REQUESTED" || r.coolOffUntil <= at) {
          return yield* new ErasureNotPending({ id, status: r.status, detail: "Only a request in cool-off can be cancelled" })
        }
        const next: ErasureRequest = { ...r, status: "CANCELLED", cancelledAt: at }
        erasures.set(id, next)
        return next
      }),
    reject: (id, hold) =>
      Effect.gen(function*() {
        const r = erasures.get(id)
        if (r === undefined) return yield* new ErasureRequestNotFound({ id })
        if (r.status !== "REQUESTED") return yield* new ErasureNotPending({ id, status: r.status, detail: "Only a pending request can be put on legal hold" })
        const next: ErasureRequest = { ...r, status: "REJECTED", holdReason: hold.reason, holdStatute: hold.statute, holdRetainUntil: hold.retainUntil, heldBy: hold.adminId, heldAt: yield* now }
        erasures.set(id, next)
        return next
      }),
    confirmDue: (at, hardDelete) =>
      Effect.gen(function*() {
        const due = [...erasures.values()].filter((r) => r.status === "REQUESTED" && r.coolOffUntil <= at)
        const done: Array<ErasureRequest> = []
        for (const r of due) {
          erasures.set(r.id, { ...r, status: "CONFIRMED", confirmedAt: at, hardDeletedAt: at })
          yield* hardDelete(r.userId)
          done.push(erasures.get(r.id)!)
        }
        return done
      })
  })

  const notProposed = (id: string) => {
    const m = merges.get(id)
    return m === undefined ? Effect.fail(new AccountMergeNotFound({ id })) : Effect.fail(new AccountMergeNotProposed({ id, status: m.status }))
  }
  const mergeRepo = AccountMergeRepo.of({
    userExists: (id) => Effect.succeed(users(id)),
    propose: (input) =>
      Effect.gen(function*() {
        const ids = [input.sourceUserId, input.targetUserId]
        const open = [...merges.values()].find((m) => m.status === "PROPOSED" && (ids.includes(m.sourceUserId) || ids.includes(m.targetUserId)))
        if (open !== undefined) return yield* new AccountMergeConflict({ detail: `One of the users already has an open merge proposal (${open.id})` })
        const at = yield* now
        const merge: AccountMerge = { id: nextMemoryId(), ...input, status: "PROPOSED", createdAt: at, updatedAt: at, cancelledAt: null, executedAt: null, result: null }
        merges.set(merge.id, merge)
        return merge
      }),
    preview: (sourceUserId, targetUserId) => Effect.succeed({ sourceUserId, targetUserId, moves: {}, conflicts: [] }),
    findById: (id) => Effect.sync(() => Option.fromNullable(merges.get(id))),
    list: (status) => Effect.sync(() => [...merges.values()].filter((m) => Option.isNone(status) || m.status === status.value).reverse()),
    cancel: (id) =>
      Effect.gen(function*() {
        const m = merges.get(id)
        if (m?.status !== "PROPOSED") return yield* notProposed(id)
        const next: AccountMerge = { ...m, status: "CANCELLED", cancelledAt: yield* now }
        merges.set(id, next)
        return next
      }),
    execute: (id) =>
      Effect.gen(function*() {
        const m = merges.get(id)
        if (m?.status !== "PROPOSED") return yield* notProposed(id)
        const next: AccountMerge = { ...m, status: "EXECUTED", executedAt: yield* now, result: {} }
        merges.set(id, next)
        return next
      })
  })

  const sections = [{
    name: "consent",
    export: (userId: string) => Effect.all({ current: consentRepo.list(userId), history: consentRepo.history(userId, Option.none()) }),
    scramble: () => Effect.void,
    hardDelete: (userId: string) =>
      Effect.sync(() => {
        for (const k of [...consents.keys()]) if (k.startsWith(`${userId}|`)) consents.delete(k)
        for (let i = events.length - 1; i >= 0; i--) if (events[i]!.userId === userId) events.splice(i, 1)
      })
  }]

  return Layer.mergeAll(
    Layer.succeed(ConsentRepo, consentRepo),
    Layer.succeed(ErasureRepo, erasureRepo),
    Layer.succeed(AccountMergeRepo, mergeRepo),
    Layer.succeed(PersonalDataSections, sections)
  )
}
