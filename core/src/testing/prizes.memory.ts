/**
 * Memory twin of the prizes repository. Writes are synchronous map updates, so each is atomic; the
 * use cases hold the memory Transactor's process-wide lock around a whole event's write, which is
 * what the Postgres row lock (`lock`) gives there.
 */
import type { EventPrizes, PrizeContribution, PrizeWinner } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { emptyPrizes, PrizeContributionMoves, PrizeResultsMoves } from "../results/prizes.model.js"
import { PrizeRepo } from "../results/prizes.port.js"

export const PrizeRepoMemory: Layer.Layer<PrizeRepo> = Layer.sync(PrizeRepo, () => {
  const rows = new Map<string, EventPrizes>()
  const winners = new Map<string, ReadonlyArray<PrizeWinner>>()
  const contributions = new Map<string, PrizeContribution>()
  let seq = 0
  const uuid = () => `00000000-0000-4000-8e01-${(++seq).toString(16).padStart(12, "0")}`

  const ensure = (eventId: string): EventPrizes => {
    const found = rows.get(eventId)
    if (found !== undefined) return found
    const row: EventPrizes = emptyPrizes(eventId)
    rows.set(eventId, row)
    return row
  }
  const update = (eventId: string, patch: Partial<EventPrizes>) => {
    const next = { ...ensure(eventId), ...patch }
    rows.set(eventId, next)
    return next
  }
  const ordered = (ws: ReadonlyArray<PrizeWinner>) =>
    [...ws].sort((a, b) => a.segmentIndex - b.segmentIndex || a.rank - b.rank || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))

  return PrizeRepo.of({
    find: (eventId) => Effect.sync(() => Option.fromNullable(rows.get(eventId))),
    lock: (eventId) => Effect.sync(() => ensure(eventId)),
    saveSegments: (eventId, segments, by, at) => Effect.sync(() => update(eventId, { segments, updatedBy: by, updatedAt: at })),
    moveResults: (eventId, move, by, at) =>
      Effect.suspend(() => {
        const row = ensure(eventId)
        return Either.match(PrizeResultsMoves.transition(row.resultsStatus, move), {
          onLeft: Effect.fail,
          onRight: (status) =>
            Effect.succeed(update(eventId, { resultsStatus: status, updatedBy: by, updatedAt: at, ...(move === "publish" ? { publishedAt: at } : {}) }))
        })
      }),
    replaceWinners: (eventId, input, by, at) =>
      Effect.sync(() => {
        const next = ordered(input.map((w): PrizeWinner => ({ eventId, ...w, paidAmount: null, paidAt: null, transferId: null, announcedAt: at })))
        winners.set(eventId, next)
        update(eventId, { announcedAt: at, updatedBy: by, updatedAt: at })
        return next
      }),
    winners: (eventId) => Effect.sync(() => winners.get(eventId) ?? []),
    markPaid: (eventId, segmentIndex, userId, amount, transferId, at) =>
      Effect.sync(() => {
        winners.set(eventId, (winners.get(eventId) ?? []).map((w) =>
          w.segmentIndex === segmentIndex && w.userId === userId && w.paidAt === null ? { ...w, paidAmount: amount, paidAt: at, transferId } : w))
      }),
    markDistributed: (eventId, at) => Effect.sync(() => update(eventId, { distributedAt: ensure(eventId).distributedAt ?? at })),
    createContribution: (input) =>
      Effect.sync(() => {
        const c: PrizeContribution = { id: uuid(), ...input, status: "PENDING", decidedBy: null, decidedAt: null, createdAt: new Date() }
        contributions.set(c.id, c)
        return c
      }),
    newestContributions: (limit) =>
      Effect.sync(() => ({ items: [...contributions.values()].reverse().slice(0, limit), total: contributions.size })),
    contributions: (eventId, status) =>
      Effect.sync(() =>
        [...contributions.values()]
          .filter((c) => c.eventId === eventId && (status === undefined || c.status === status))
          .reverse()),
    findContribution: (eventId, id) => Effect.sync(() => Option.fromNullable(contributions.get(id)).pipe(Option.filter((c) => c.eventId === eventId))),
    moveContribution: (id, move, by, at) =>
      Effect.suspend(() => {
        const c = contributions.get(id)
        if (c === undefined) return Effect.die(new Error(`prize contribution ${id} missing`))
        return Either.match(PrizeContributionMoves.transition(c.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const next = { ...c, status, decidedBy: by, decidedAt: at }
            contributions.set(id, next)
            return Effect.succeed(next)
          }
        })
      })
  })
})
