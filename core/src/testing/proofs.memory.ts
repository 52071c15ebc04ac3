/**
 * Memory twins of proofs, claimable rewards and series passes: the same rules as the Postgres
 * adapters (one live proof per participation, one reward per source and kind, the machines' moves
 * checked against the current status, a pass's places taken under its lock). Every write is one
 * synchronous step, so concurrent moves cannot both pass their check.
 */
import type { ClaimableReward, MoveRefused, Proof, SeriesPass, SeriesPassRegistration } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import {
  ClaimableRewardMoves,
  ProofAlreadySubmitted,
  ProofMoves,
  SeriesPassFull,
  SeriesPassRegistrationMoves,
  SeriesPassRegistrationNotFound
} from "../results/proofs.model.js"
import { ClaimableRewardRepo, ProofRepo, SeriesPassRepo } from "../results/proofs.port.js"
import { nextMemoryId } from "./sequential-id.js"

const byNewest = <A extends { readonly id: string }>(at: (a: A) => Date) => (a: A, b: A) =>
  at(b).getTime() - at(a).getTime() || (a.id < b.id ? 1 : -1)

export const ProofRepoMemory = Layer.sync(ProofRepo, () => {
  const proofs = new Map<string, Proof>()
  const write = (proof: Proof) => {
    proofs.set(proof.id, proof)
    return proof
  }
  const get = (id: string) => Effect.sync(() => proofs.get(id)).pipe(Effect.flatMap((p) => (p === undefined ? Effect.dieMessage(`proof ${id} missing`) : Effect.succeed(p))))
  return {
    submit: (input) =>
      Effect.suspend(() => {
        const live = [...proofs.values()].some((p) => p.participationId === input.participationId && (p.status === "pending" || p.status === "approved"))
        if (live) return Effect.fail(new ProofAlreadySubmitted({ participationId: input.participationId }))
        const { at, ...fields } = input
        return Effect.succeed(write({
          id: nextMemoryId(),
          ...fields,
          status: "pending",
          submittedAt: at,
          resolvedAt: null,
          resolvedBy: null,
          reason: null,
          leaderboardId: null,
          revokedAt: null,
          revokedBy: null,
          revokeReason: null,
          clawedBackRc: 0
        }))
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(proofs.get(id))),
    ofParticipations: (ids) =>
      Effect.sync(() => [...proofs.values()].filter((p) => ids.includes(p.participationId)).sort(byNewest((p) => p.submittedAt))),
    queue: (page) =>
      Effect.sync(() => {
        const all = [...proofs.values()]
          .filter((p) => p.status === "pending" && (page.editionId === undefined || p.editionId === page.editionId))
          .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || (a.id < b.id ? -1 : 1))
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    move: (id, move, outcome) =>
      Effect.flatMap(get(id), (proof) =>
        Either.match(ProofMoves.transition(proof.status, move), {
          onLeft: Effect.fail,
          onRight: (status) =>
            Effect.succeed(write(
              move === "revoke"
                ? { ...proof, status, revokedAt: outcome.at, revokedBy: outcome.by, revokeReason: outcome.reason }
                : { ...proof, status, resolvedAt: outcome.at, resolvedBy: outcome.by, reason: outcome.reason }
            ))
        })),
    setLeaderboard: (id, leaderboardId) => Effect.map(get(id), (p) => write({ ...p, leaderboardId })),
    setClawedBack: (id, rc) => Effect.map(get(id), (p) => write({ ...p, clawedBackRc: rc }))
  }
})

export const ClaimableRewardRepoMemory = Layer.sync(ClaimableRewardRepo, () => {
  const rewards = new Map<string, ClaimableReward>()
  const move = (id: string, to: "claim" | "void", at: Date) =>
    Effect.suspend(() => {
      const reward = rewards.get(id)
      if (reward === undefined) return Effect.dieMessage(`reward ${id} missing`)
      return Either.match(ClaimableRewardMoves.transition(reward.status, to), {
        onLeft: Effect.fail,
        onRight: (status) => {
          const next = { ...reward, status, ...(to === "claim" ? { claimedAt: at } : { voidedAt: at }) }
          rewards.set(id, next)
          return Effect.succeed(next)
        }
      })
    })
  return {
    issue: (list) =>
      Effect.sync(() => {
        for (const r of list) {
          if ([...rewards.values()].some((x) => x.source === r.source && x.kind === r.kind)) continue
          const { at, ...fields } = r
          const id = nextMemoryId()
          rewards.set(id, { id, ...fields, status: "claimable", createdAt: at, claimedAt: null, voidedAt: null })
        }
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rewards.get(id))),
    ofUser: (userId, status, page) =>
      Effect.sync(() => {
        const all = [...rewards.values()].filter((r) => r.userId === userId && (status === undefined || r.status === status)).sort(byNewest((r) => r.createdAt))
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    claim: (id, at) => move(id, "claim", at),
    lockOfSource: (source) => Effect.sync(() => [...rewards.values()].filter((r) => r.source === source)),
    void: (id, at) => move(id, "void", at)
  }
})

export const SeriesPassRepoMemory = Layer.sync(SeriesPassRepo, () => {
  const passes = new Map<string, SeriesPass>()
  const registrations = new Map<string, SeriesPassRegistration>()
  const find = (passId: string, userId: string) => [...registrations.values()].find((r) => r.passId === passId && r.userId === userId)
  const bump = (passId: string, by: number) => {
    const pass = passes.get(passId)!
    passes.set(passId, { ...pass, registered: pass.registered + by, updatedAt: new Date() })
  }
  return {
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const pass: SeriesPass = { id: nextMemoryId(), ...input, registered: 0, createdAt: now, updatedAt: now }
        passes.set(pass.id, pass)
        return pass
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(passes.get(id))),
    ofEvent: (eventId) => Effect.sync(() => [...passes.values()].filter((p) => p.eventId === eventId).sort(byNewest((p) => p.createdAt))),
    register: (passId, userId, at) =>
      Effect.suspend((): Effect.Effect<{ readonly registration: SeriesPassRegistration; readonly created: boolean }, SeriesPassFull> => {
        const had = find(passId, userId)
        if (had?.status === "registered") return Effect.succeed({ registration: had, created: false })
        const pass = passes.get(passId)
        if (pass === undefined) return Effect.dieMessage(`pass ${passId} missing`)
        if (pass.registered >= pass.capacity) return Effect.fail(new SeriesPassFull({ passId }))
        const registration: SeriesPassRegistration = had === undefined
          ? { id: nextMemoryId(), passId, userId, status: "registered", registeredAt: at, cancelledAt: null, createdAt: at }
          : { ...had, status: "registered", registeredAt: at, cancelledAt: null }
        registrations.set(registration.id, registration)
        bump(passId, 1)
        return Effect.succeed({ registration, created: true })
      }),
    cancel: (passId, userId, at) =>
      Effect.suspend((): Effect.Effect<SeriesPassRegistration, SeriesPassRegistrationNotFound | MoveRefused> => {
        const had = find(passId, userId)
        if (had === undefined) return Effect.fail(new SeriesPassRegistrationNotFound({ passId }))
        return Either.match(SeriesPassRegistrationMoves.transition(had.status, "cancel"), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const next = { ...had, status, cancelledAt: at }
            registrations.set(had.id, next)
            bump(passId, -1)
            return Effect.succeed(next)
          }
        })
      }),
    ofUser: (userId, status) =>
      Effect.sync(() =>
        [...registrations.values()]
          .filter((r) => r.userId === userId && (status === undefined || r.status === status))
          .sort(byNewest((r) => r.registeredAt))
          .map((r) => ({ ...r, pass: passes.get(r.passId)! }))
      )
  }
})
