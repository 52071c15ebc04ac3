/**
 * Event prizes (C Events "Prizes"): the organizer replaces the whole configuration (up to 6
 * leaderboards of rank slabs paying cash and/or a product with an image), accepts or rejects the
 * goodies sponsors offer for a rank, announces the winners (a whole set each time), publishes or
 * unpublishes them (the public winners list shows published winners only) and distributes the
 * cash through the wallets ledger, once per winner and slab whatever the number of calls.
 *
 * Every write of one event runs in one unit of work that first locks the event's prize row, so a
 * replace-all, an accept, an announce and a distribution never interleave (Postgres: row lock;
 * memory: the process-wide lock of the memory Transactor).
 */
import type { EventPrizes, PrizeContribution, PrizeSegment, PrizeSlab, PrizeWinner } from "@podium/kernel"
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import { EventSuspended } from "../events/event.model.js"
import { publicEvent } from "../events/event.use-case.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { auditActor, type OrganizerActor, organizerEvent } from "../registrations/organizer-bookings.use-case.js"
import { Ledger } from "../wallets/ledger.port.js"
import { transfer } from "../wallets/wallets.use-case.js"
import { athleteWallet } from "../wallets/ledger.model.js"
import {
  emptyPrizes,
  isPlaceable,
  organizerPrizeFunds,
  placementsOf,
  PrizeContributionMoves,
  PrizeContributionNotFound,
  PrizeFundsInsufficient,
  PrizeRankNotCovered,
  PrizeResultsNotAnnounced,
  PrizeResultsNotPublished,
  PrizeResultsPublished,
  PrizesDistributed,
  PrizesInvalid,
  prizeTransferKey,
  productImageField,
  segmentProblems,
  slabOf,
  unplaceableMessage
} from "./prizes.model.js"
import { type NewPrizeContribution, PrizeRepo, type WinnerInput } from "./prizes.port.js"

// --- inputs ---------------------------------------------------------------------------------

export interface PrizeProductInput {
  readonly name: string
  readonly description?: string | null | undefined
  /** The key of the image this slab's product already has (from a read), to keep it without uploading it again. */
  readonly imageKey?: string | null | undefined
}

export interface PrizeSlabInput {
  readonly rankFrom: number
  readonly rankTo: number
  readonly cashAmount?: number | null | undefined
  readonly product?: PrizeProductInput | null | undefined
}

export interface PrizeSegmentInput {
  readonly name: string
  readonly slabs: ReadonlyArray<PrizeSlabInput>
}

export interface ReplacePrizesInput {
  readonly segments: ReadonlyArray<PrizeSegmentInput>
  readonly dropSponsorContributionIds: ReadonlyArray<string>
  /** Files by field name (`prizeProductImage_<segmentIndex>_<slabIndex>`). */
  readonly images: Readonly<Record<string, Upload>>
}

// --- views ----------------------------------------------------------------------------------


const prizesOf = (eventId: string) => Effect.map(Effect.flatMap(PrizeRepo, (r) => r.find(eventId)), Option.getOrElse(() => emptyPrizes(eventId)))

const goodieView = (c: PrizeContribution) => ({ id: c.id, sponsorName: c.sponsorName, title: c.title, description: c.description, quantity: c.quantity, rank: c.rank })

/** The segments with each product image's short-lived URL and the accepted sponsor goodies each slab holds. */
const segmentsView = (prizes: EventPrizes, accepted: ReadonlyArray<PrizeContribution>) =>
  Effect.forEach(prizes.segments, (segment, index) =>
    Effect.map(
      Effect.forEach(segment.slabs, (slab) =>
        Effect.map(
          slab.product?.image ? Effect.map(mediaUrl(slab.product.image, "public"), (url) => ({ ...slab.product!.image!, url })) : Effect.succeed(null),
          (image) => ({
            rankFrom: slab.rankFrom,
            rankTo: slab.rankTo,
            cashAmount: slab.cashAmount,
            currency: prizes.currency,
            product: slab.product === null ? null : { name: slab.product.name, description: slab.product.description, image },
            goodies: accepted.filter((c) => placementsOf(prizes.segments, c).some((p) => p.segmentIndex === index && p.slab === slab)).map(goodieView)
          })
        )),
      (slabs) => ({ index, name: segment.name, slabs })
    ))

const accepted = (eventId: string) => Effect.flatMap(PrizeRepo, (r) => r.contributions(eventId, "ACCEPTED"))

const organizerView = (prizes: EventPrizes) =>
  Effect.map(Effect.flatMap(accepted(prizes.eventId), (a) => segmentsView(prizes, a)), (segments) => ({ ...prizes, segments }))

const athleteName = (userId: string) =>
  Effect.map(Effect.flatMap(UserRepo, (r) => r.findById(userId)), Option.match({
    onNone: () => null,
    onSome: (u) => [u.firstName, u.lastName].filter((p) => p !== null && p.length > 0).join(" ") || null
  }))

const winnerView = (prizes: EventPrizes, w: PrizeWinner) =>
  Effect.map(athleteName(w.userId), (name) => {
    const segment = prizes.segments[w.segmentIndex]
    const slab = slabOf(segment, w.rank)
    return {
      segmentIndex: w.segmentIndex,
      segmentName: segment?.name ?? null,
      rank: w.rank,
      userId: w.userId,
      athleteName: name,
      cashAmount: slab?.cashAmount ?? null,
      currency: prizes.currency,
      productName: slab?.product?.name ?? null,
      paidAmount: w.paidAmount,
      paidAt: w.paidAt
    }
  })

const resultsView = (prizes: EventPrizes) =>
  Effect.map(Effect.flatMap(Effect.flatMap(PrizeRepo, (r) => r.winners(prizes.eventId)), (ws) => Effect.forEach(ws, (w) => winnerView(prizes, w))), (winners) => ({
    eventId: prizes.eventId,
    status: prizes.resultsStatus,
    announcedAt: prizes.announcedAt,
    publishedAt: prizes.publishedAt,
    distributedAt: prizes.distributedAt,
    winners
  }))

const audit = (who: OrganizerActor, action: string, eventId: string, data: Record<string, unknown>) =>
  Effect.flatMap(AuditLog, (log) => log.append({ action, actor: auditActor(who), subject: { kind: "event", id: eventId }, data }))

/** The organizer's own event, when its prizes may change (not while an admin holds it suspended). */
const changeableEvent = (who: OrganizerActor, eventId: string) =>
  Effect.flatMap(organizerEvent(who, eventId), (event) => (event.status === "suspended" ? Effect.fail(new EventSuspended({ eventId })) : Effect.succeed(event)))

/** Runs `body` in one unit of work holding the event's prize row. */
const lockedPrizes = <A, E, R>(eventId: string, body: (prizes: EventPrizes) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Transactor, (tx) => tx.atomically(Effect.flatMap(Effect.flatMap(PrizeRepo, (r) => r.lock(eventId)), body)))

// --- public ---------------------------------------------------------------------------------

/** The prizes of an event the public may see (no prizes yet: no segments). */
export const publicPrizes = Effect.fn("results.prizes.public")(function*(eventId: string) {
  const event = yield* publicEvent(eventId)
  const prizes = yield* prizesOf(event.id)
  return { eventId: event.id, currency: prizes.currency, segments: yield* segmentsView(prizes, yield* accepted(event.id)) }
})

/** The published winners of an event the public may see (none while unpublished). */
export const publicPrizeWinners = Effect.fn("results.prizes.publicWinners")(function*(eventId: string) {
  const event = yield* publicEvent(eventId)
  const prizes = yield* prizesOf(event.id)
  if (prizes.resultsStatus !== "published") return { eventId: event.id, publishedAt: null, items: [] }
  const winners = yield* Effect.flatMap(PrizeRepo, (r) => r.winners(event.id))
  const items = yield* Effect.forEach(winners, (w) =>
    Effect.map(winnerView(prizes, w), ({ paidAmount: _, paidAt: __, ...shown }) => shown))
  return { eventId: event.id, publishedAt: prizes.publishedAt, items }
})

// --- organizer: configuration ---------------------------------------------------------------

export const organizerPrizes = Effect.fn("results.prizes.read")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* organizerView(yield* prizesOf(eventId))
})

const ImageField = /^prizeProductImage_(\d+)_(\d+)$/

const imageKeysOf = (segments: ReadonlyArray<PrizeSegment>) =>
  segments.flatMap((s) => s.slabs.flatMap((slab) => (slab.product?.image ? [slab.product.image.key] : [])))

const removeImages = (keys: ReadonlyArray<string>) => Effect.flatMap(BlobStore, (b) => Effect.forEach(keys, (key) => b.remove(key), { discard: true }))

/**
 * Replace-all. The images' field names must name a product slab; `imageKey` may keep an image the
 * slab's product already has (any image of the current configuration), since re-uploading every
 * image on each edit would be wasteful. Every accepted sponsor goodie must still find a slab
 * covering its rank unless its id is listed in `dropSponsorContributionIds` (it is then dropped);
 * announced winners must still be covered too. Images are stored before the unit of work (no
 * provider call inside it) and removed again when the replace is refused.
 */
export const replacePrizes = Effect.fn("results.prizes.replace")(function*(who: OrganizerActor, eventId: string, input: ReplacePrizesInput) {
  yield* changeableEvent(who, eventId)
  const problems: Array<string> = []
  for (const [field, upload] of Object.entries(input.images)) {
    const m = ImageField.exec(field)
    const slab = m === null ? undefined : input.segments[Number(m[1])]?.slabs[Number(m[2])]
    if (slab === undefined || slab.product === null || slab.product === undefined) {
      problems.push(`${field} must belong to a slab that offers a product`)
      continue
    }
    const checked = checkUpload(field, upload, ImageRule)
    if ("error" in checked) problems.push(checked.error)
  }
  const draft: ReadonlyArray<PrizeSegment> = input.segments.map((s) => ({
    name: s.name.trim(),
    slabs: s.slabs.map((slab) => ({
      rankFrom: slab.rankFrom,
      rankTo: slab.rankTo,
      cashAmount: slab.cashAmount ?? null,
      product: slab.product === null || slab.product === undefined ? null : { name: slab.product.name, description: slab.product.description ?? null, image: null }
    }))
  }))
  problems.push(...segmentProblems(draft))
  if (problems.length > 0) return yield* new PrizesInvalid({ messages: problems })

  const stored: Array<string> = []
  const withImages = yield* Effect.forEach(draft, (segment, i) =>
    Effect.map(
      Effect.forEach(segment.slabs, (slab, j) => {
        const upload = input.images[productImageField(i, j)]
        if (slab.product === null || upload === undefined) return Effect.succeed(slab)
        return Effect.map(putUpload("prizes", productImageField(i, j), upload, ImageRule), (image): PrizeSlab => {
          stored.push(image.key)
          return { ...slab, product: { ...slab.product!, image } }
        })
      }),
      (slabs): PrizeSegment => ({ ...segment, slabs })
    ))

  const drop = new Set(input.dropSponsorContributionIds)
  const saved = yield* lockedPrizes(eventId, (current) =>
    Effect.gen(function*() {
      if (current.distributedAt !== null) return yield* new PrizesDistributed({ eventId })
      const r = yield* PrizeRepo
      // Kept images: only keys the current configuration holds (a key of another event is never reachable).
      const known = new Map(current.segments.flatMap((s) => s.slabs.flatMap((slab) => (slab.product?.image ? [[slab.product.image.key, slab.product.image] as const] : []))))
      const refused: Array<string> = []
      const segments = withImages.map((segment, i): PrizeSegment => ({
        ...segment,
        slabs: segment.slabs.map((slab, j): PrizeSlab => {
          const keep = input.segments[i]!.slabs[j]!.product?.imageKey
          if (slab.product === null || slab.product.image !== null || keep === undefined || keep === null) return slab
          const image = known.get(keep)
          if (image === undefined) {
            refused.push(`segments.${i}.slabs.${j}.product.imageKey must be the key of an image of the event's current prizes`)
            return slab
          }
          return { ...slab, product: { ...slab.product, image } }
        })
      }))
      const goodies = yield* r.contributions(eventId, "ACCEPTED")
      for (const id of drop) {
        if (!goodies.some((c) => c.id === id)) refused.push(`dropSponsorContributionIds must list accepted sponsor goodies of this event (${id} is not one)`)
      }
      for (const c of goodies) {
        if (!drop.has(c.id) && !isPlaceable(segments, c)) refused.push(unplaceableMessage(c))
      }
      for (const w of yield* r.winners(eventId)) {
        if (slabOf(segments[w.segmentIndex], w.rank) === undefined) {
          refused.push(`the announced winner at rank ${w.rank} of leaderboard ${w.segmentIndex} would lose their prize slab; announce the results again first`)
        }
      }
      if (refused.length > 0) return yield* new PrizesInvalid({ messages: [...new Set(refused)] })
      const now = new Date()
      for (const c of goodies) if (drop.has(c.id)) yield* r.moveContribution(c.id, "drop", who.actor, now)
      const next = yield* r.saveSegments(eventId, segments, who.actor, now)
      yield* audit(who, "prizes.replaced", eventId, { leaderboards: segments.length, droppedContributions: [...drop] })
      return { next, previous: [...known.keys()] }
    })
  ).pipe(Effect.tapError(() => removeImages(stored)))
  // Images the new prizes no longer show are removed after the commit (no provider call inside it).
  const kept = new Set(imageKeysOf(saved.next.segments))
  yield* removeImages(saved.previous.filter((key) => !kept.has(key)))
  return yield* organizerView(saved.next)
})

// --- sponsor contributions ------------------------------------------------------------------

/**
 * A sponsor offers a goodie for a rank of the event's prizes (PENDING). The sponsors context that
 * will call this from its own routes is not built yet: for now sponsors' offers are recorded
 * through this use case (by the tests and internal tools), never through an organizer route.
 */
export const offerPrizeContribution = Effect.fn("results.prizes.offerContribution")(function*(input: NewPrizeContribution) {
  return yield* Effect.flatMap(PrizeRepo, (r) => r.createContribution(input))
})

export const listPrizeContributions = Effect.fn("results.prizes.contributions")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const prizes = yield* prizesOf(eventId)
  const items = yield* Effect.flatMap(PrizeRepo, (r) => r.contributions(eventId))
  return { items, hasRankSlabs: prizes.segments.some((s) => s.slabs.length > 0) }
})

const decideContribution = (move: "accept" | "reject") =>
  Effect.fn(`results.prizes.${move}Contribution`)(function*(who: OrganizerActor, eventId: string, contributionId: string) {
    yield* changeableEvent(who, eventId)
    return yield* lockedPrizes(eventId, (prizes) =>
      Effect.gen(function*() {
        const r = yield* PrizeRepo
        const found = yield* r.findContribution(eventId, contributionId)
        if (Option.isNone(found)) return yield* new PrizeContributionNotFound({ ref: contributionId })
        const c = found.value
        if (!PrizeContributionMoves.allows(c.status, move)) return yield* PrizeContributionMoves.refused(c.status, move)
        if (move === "accept" && !isPlaceable(prizes.segments, c)) return yield* new PrizeRankNotCovered({ rank: c.rank, segmentName: c.segmentName })
        const moved = yield* r.moveContribution(c.id, move, who.actor, new Date())
        yield* audit(who, `prizes.contribution.${move}ed`, eventId, { contributionId: c.id })
        return moved
      }))
  })

export const acceptPrizeContribution = decideContribution("accept")
export const rejectPrizeContribution = decideContribution("reject")

// --- results --------------------------------------------------------------------------------

export const organizerPrizeResults = Effect.fn("results.prizes.results")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* resultsView(yield* prizesOf(eventId))
})

/**
 * Announce: the whole winners set is replaced (each winner an existing athlete, on a leaderboard
 * rank a slab covers, once per leaderboard). Winners are named by the organizer rather than read
 * from the platform's leaderboards: prize rankings often come from the timing partner or from
 * categories the platform does not rank, so any existing athlete may be named. Tied athletes may
 * share a rank.
 */
export const announcePrizeResults = Effect.fn("results.prizes.announce")(function*(who: OrganizerActor, eventId: string, winners: ReadonlyArray<WinnerInput>) {
  yield* changeableEvent(who, eventId)
  const users = yield* UserRepo
  const unknown: Array<string> = []
  for (const [i, w] of winners.entries()) {
    if (Option.isNone(yield* users.findById(w.userId))) unknown.push(`winners.${i}.userId must be an existing athlete`)
  }
  if (unknown.length > 0) return yield* new PrizesInvalid({ messages: unknown })
  const prizes = yield* lockedPrizes(eventId, (current) =>
    Effect.gen(function*() {
      if (current.distributedAt !== null) return yield* new PrizesDistributed({ eventId })
      if (current.resultsStatus === "published") return yield* new PrizeResultsPublished({ eventId })
      const problems: Array<string> = []
      const seen = new Set<string>()
      winners.forEach((w, i) => {
        const segment = current.segments[w.segmentIndex]
        if (segment === undefined) {
          problems.push(`winners.${i}.segmentIndex must name one of the event's ${current.segments.length} prize leaderboards`)
          return
        }
        if (slabOf(segment, w.rank) === undefined) problems.push(`winners.${i}.rank must be covered by a prize slab of leaderboard ${segment.name}`)
        const key = `${w.segmentIndex}/${w.userId}`
        if (seen.has(key)) problems.push(`winners.${i}.userId must win leaderboard ${segment.name} once`)
        seen.add(key)
      })
      if (problems.length > 0) return yield* new PrizesInvalid({ messages: problems })
      const r = yield* PrizeRepo
      yield* r.replaceWinners(eventId, winners, who.actor, new Date())
      yield* audit(who, "prizes.results.announced", eventId, { winners: winners.length })
      return Option.getOrThrow(yield* r.find(eventId))
    }))
  return yield* resultsView(prizes)
})

const movePrizeResults = (move: "publish" | "unpublish") =>
  Effect.fn(`results.prizes.${move}`)(function*(who: OrganizerActor, eventId: string) {
    yield* organizerEvent(who, eventId)
    const prizes = yield* lockedPrizes(eventId, (current) =>
      Effect.gen(function*() {
        if (move === "publish" && current.announcedAt === null) return yield* new PrizeResultsNotAnnounced({ eventId })
        const moved = yield* Effect.flatMap(PrizeRepo, (r) => r.moveResults(eventId, move, who.actor, new Date()))
        yield* audit(who, `prizes.results.${move}ed`, eventId, {})
        return moved
      }))
    return yield* resultsView(prizes)
  })

export const publishPrizeResults = movePrizeResults("publish")
export const unpublishPrizeResults = movePrizeResults("unpublish")

// --- distribution ---------------------------------------------------------------------------

/**
 * Pays every published winner the cash of their slab from the organizer's payable INR balance to
 * the athlete's INR wallet, one ledger transfer per winner and slab under its idempotency key.
 * Runs holding the event's prize row: concurrent calls queue and the later ones find everyone
 * paid. Idempotent: a winner already paid is skipped (and a replayed key would answer the original
 * transfer). All or nothing: when the balance does not cover what is still owed, nobody is paid
 * (409 PRIZE_FUNDS_INSUFFICIENT). Product prizes are handed over outside the ledger.
 */
export const distributePrizes = Effect.fn("results.prizes.distribute")(function*(who: OrganizerActor, eventId: string) {
  yield* changeableEvent(who, eventId)
  const outcome = yield* lockedPrizes(eventId, (current) =>
    Effect.gen(function*() {
      if (current.resultsStatus !== "published") return yield* new PrizeResultsNotPublished({ eventId })
      const r = yield* PrizeRepo
      const owed = (yield* r.winners(eventId)).flatMap((w) => {
        const slab = slabOf(current.segments[w.segmentIndex], w.rank)
        return w.paidAt === null && slab !== undefined && slab.cashAmount !== null ? [{ winner: w, slab, amount: slab.cashAmount }] : []
      })
      const required = owed.reduce((sum, o) => sum + o.amount, 0)
      const funds = organizerPrizeFunds(who.organizerId)
      const balance = yield* Effect.flatMap(Ledger, (l) => l.balance(funds))
      if (balance < required) return yield* new PrizeFundsInsufficient({ balance, required })
      const now = new Date()
      for (const o of owed) {
        const posted = yield* transfer({
          from: funds,
          to: athleteWallet(o.winner.userId, "INR"),
          amount: o.amount,
          reason: "event prize",
          idempotencyKey: prizeTransferKey(eventId, o.winner.segmentIndex, o.slab, o.winner.userId),
          metadata: { eventId, segmentIndex: o.winner.segmentIndex, rank: o.winner.rank, userId: o.winner.userId }
        }).pipe(Effect.catchTags({
          InsufficientFunds: (e) => Effect.fail(new PrizeFundsInsufficient({ balance: e.balance, required })),
          UnbalancedTransfer: Effect.die,
          LedgerIdempotencyConflict: Effect.die
        }))
        yield* r.markPaid(eventId, o.winner.segmentIndex, o.winner.userId, o.amount, posted.id, now)
      }
      const prizes = yield* r.markDistributed(eventId, now)
      yield* audit(who, "prizes.distributed", eventId, { paidNow: owed.length, amount: required })
      return { prizes, paidNow: owed.length, paidAmountNow: required }
    }))
  const view = yield* resultsView(outcome.prizes)
  return { ...view, currency: outcome.prizes.currency, paidNow: outcome.paidNow, paidAmountNow: outcome.paidAmountNow }
})
