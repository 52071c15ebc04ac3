/**
 * In-memory twins of the badge and activity-validation repositories, with the Postgres adapters'
 * visible rules: codes unique, an award once per badge and athlete, a held badge not deletable.
 */
import type { ActivityValidation, BadgeAward, BibTemplate, ChallengeAudience, ChallengeBadge, ChallengeEventLink, FulfillmentTask } from "@podium/kernel"
import { Context, Effect, Either, Layer, Option } from "effect"
import { AudienceAlreadyAdded } from "../challenges/audience.model.js"
import { ChallengeAudienceRepo } from "../challenges/audience.port.js"
import { BibTemplateNotFound } from "../challenges/bib-template.model.js"
import { BibTemplateRepo } from "../challenges/bib-template.port.js"
import { ChallengeEventRepo } from "../challenges/challenge-event.port.js"
import { BadgeAlreadyAwarded, BadgeCodeTaken, BadgeNotFound } from "../challenges/badge.model.js"
import { BadgeRepo } from "../challenges/badge.port.js"
import { FulfillmentMoves, FulfillmentTaskNotFound, OpenStatuses } from "../challenges/fulfillment.model.js"
import { FulfillmentTaskRepo } from "../challenges/fulfillment.port.js"
import { ActivityValidationRepo } from "../challenges/progress.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ChallengeBadgesMemory: Layer.Layer<BadgeRepo | ActivityValidationRepo | FulfillmentTaskRepo | BibTemplateRepo | ChallengeEventRepo | ChallengeAudienceRepo> = Layer.effectContext(Effect.sync(() => {
  const tasks = new Map<string, FulfillmentTask>()
  const badges = new Map<string, ChallengeBadge>()
  const mappings: Array<{ badgeId: string; challengeId: string; at: number }> = []
  const awards: Array<BadgeAward> = []
  const validations = new Map<string, ActivityValidation>()
  const codeFree = (code: string, except?: string) => ![...badges.values()].some((b) => b.code === code && b.id !== except)

  const badgeRepo = BadgeRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if (!codeFree(input.code)) return yield* new BadgeCodeTaken({ code: input.code })
        const now = new Date()
        const row: ChallengeBadge = { ...input, id: nextMemoryId(), requestId: null, createdAt: now, updatedAt: now }
        badges.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(badges.get(id))),
    findByCode: (code) => Effect.sync(() => Option.fromNullable([...badges.values()].find((b) => b.code === code))),
    list: (f, p) =>
      Effect.sync(() => {
        const rows = [...badges.values()].filter((b) =>
          (f.q === undefined || b.name.toLowerCase().includes(f.q.toLowerCase()) || b.code.toLowerCase().includes(f.q.toLowerCase())) &&
          (f.isActive === undefined || b.isActive === f.isActive)
        ).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        return { items: rows.slice((p.page - 1) * p.limit, p.page * p.limit), total: rows.length }
      }),
    update: (id, patch) =>
      Effect.gen(function*() {
        const b = badges.get(id)
        if (b === undefined) return yield* new BadgeNotFound({ ref: id })
        if (patch.code !== undefined && !codeFree(patch.code, id)) return yield* new BadgeCodeTaken({ code: patch.code })
        const row: ChallengeBadge = { ...b, ...patch, updatedAt: new Date() }
        badges.set(id, row)
        return row
      }),
    remove: (id) =>
      Effect.gen(function*() {
        if (!badges.has(id)) return yield* new BadgeNotFound({ ref: id })
        const held = awards.filter((a) => a.badgeId === id).length
        if (held > 0) return yield* new BadgeAlreadyAwarded({ id, awarded: held })
        badges.delete(id)
        for (let i = mappings.length - 1; i >= 0; i--) if (mappings[i]!.badgeId === id) mappings.splice(i, 1)
      }),
    map: (badgeId, challengeId) =>
      Effect.sync(() => {
        if (mappings.some((m) => m.badgeId === badgeId && m.challengeId === challengeId)) return false
        mappings.push({ badgeId, challengeId, at: Date.now() })
        return true
      }),
    unmap: (badgeId, challengeId) =>
      Effect.sync(() => {
        const i = mappings.findIndex((m) => m.badgeId === badgeId && m.challengeId === challengeId)
        if (i < 0) return false
        mappings.splice(i, 1)
        return true
      }),
    mappedChallengeIds: (badgeId) => Effect.sync(() => mappings.filter((m) => m.badgeId === badgeId).map((m) => m.challengeId)),
    ofChallenge: (challengeId, activeOnly) =>
      Effect.sync(() =>
        mappings.filter((m) => m.challengeId === challengeId).flatMap((m) => {
          const b = badges.get(m.badgeId)
          return b === undefined || (activeOnly && !b.isActive) ? [] : [b]
        })
      ),
    award: (badgeId, list, source) =>
      Effect.sync(() =>
        list.flatMap((a) => {
          if (awards.some((x) => x.badgeId === badgeId && x.userId === a.userId)) return []
          const row: BadgeAward = { id: nextMemoryId(), badgeId, userId: a.userId, challengeId: a.challengeId, source, awardedAt: new Date() }
          awards.push(row)
          return [row]
        })
      ),
    revokeAwards: (userId, challengeId) =>
      Effect.sync(() => {
        let n = 0
        for (let i = awards.length - 1; i >= 0; i--) {
          if (awards[i]!.userId === userId && awards[i]!.challengeId === challengeId) {
            awards.splice(i, 1)
            n++
          }
        }
        return n
      }),
    stats: (badgeId) =>
      Effect.sync(() => {
        const mine = awards.filter((a) => a.badgeId === badgeId)
        const by = new Map<string | null, number>()
        for (const a of mine) by.set(a.challengeId, (by.get(a.challengeId) ?? 0) + 1)
        return {
          awarded: mine.length,
          lastAwardedAt: mine.length === 0 ? null : new Date(Math.max(...mine.map((a) => a.awardedAt.getTime()))),
          byChallenge: [...by.entries()].map(([challengeId, awarded]) => ({ challengeId, awarded })).sort((a, b) => b.awarded - a.awarded)
        }
      }),
    awardsOf: (userId) =>
      Effect.sync(() =>
        awards.filter((a) => a.userId === userId).sort((a, b) => b.awardedAt.getTime() - a.awardedAt.getTime()).flatMap((a) => {
          const badge = badges.get(a.badgeId)
          return badge === undefined ? [] : [{ ...a, badge }]
        })
      )
  })

  const validationRepo = ActivityValidationRepo.of({
    set: (v) =>
      Effect.sync(() => {
        const row: ActivityValidation = { ...v, validatedAt: new Date() }
        validations.set(v.activityId, row)
        return row
      }),
    ofActivities: (ids) => Effect.sync(() => ids.flatMap((id) => Option.toArray(Option.fromNullable(validations.get(id)))))
  })

  const bySoonestDue = (a: FulfillmentTask, b: FulfillmentTask) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1)
  const taskRepo = FulfillmentTaskRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: FulfillmentTask = { ...input, id: nextMemoryId(), status: "PENDING", assigneeId: null, assignedAt: null, completedAt: null, statusNote: null, createdAt: at, updatedAt: at }
        tasks.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(tasks.get(id))),
    list: (f, p) =>
      Effect.sync(() => {
        const rows = [...tasks.values()].filter((t) =>
          (f.statuses === undefined || f.statuses.includes(t.status)) && (f.assigneeId === undefined || t.assigneeId === f.assigneeId) &&
          (f.kind === undefined || t.kind === f.kind)
        ).sort(bySoonestDue)
        return { items: rows.slice((p.page - 1) * p.limit, p.page * p.limit), total: rows.length }
      }),
    open: () => Effect.sync(() => [...tasks.values()].filter((t) => OpenStatuses.includes(t.status)).sort(bySoonestDue)),
    move: (id, move, facts) =>
      Effect.gen(function*() {
        const t = tasks.get(id)
        if (t === undefined) return yield* new FulfillmentTaskNotFound({ id })
        const next = FulfillmentMoves.transition(t.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: FulfillmentTask = {
          ...t,
          status: next.right,
          statusNote: facts.note ?? null,
          updatedAt: at,
          ...(move === "assign" ? { assigneeId: facts.assigneeId ?? null, assignedAt: at } : {}),
          ...(move === "release" ? { assigneeId: null, assignedAt: null } : {}),
          ...(move === "complete" ? { completedAt: at } : {})
        }
        tasks.set(id, row)
        return row
      })
  })

  const bibs = new Map<string, BibTemplate>()
  const bibRepo = BibTemplateRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: BibTemplate = { ...input, id: nextMemoryId(), createdAt: at, updatedAt: at }
        bibs.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(bibs.get(id))),
    gallery: (organizerId) =>
      Effect.sync(() =>
        [...bibs.values()].filter((t) => t.scope === "GLOBAL" || (organizerId !== undefined && t.organizerId === organizerId))
          .sort((a, b) => Number(b.scope === "GLOBAL") - Number(a.scope === "GLOBAL") || b.createdAt.getTime() - a.createdAt.getTime())
      ),
    update: (id, write) =>
      Effect.gen(function*() {
        const t = bibs.get(id)
        if (t === undefined) return yield* new BibTemplateNotFound({ id })
        const row: BibTemplate = { ...t, ...write, updatedAt: new Date() }
        bibs.set(id, row)
        return row
      }),
    remove: (id) => Effect.sync(() => bibs.delete(id))
  })

  const links: Array<ChallengeEventLink> = []
  const eventRepo = ChallengeEventRepo.of({
    attach: (challengeId, eventId, by) =>
      Effect.sync(() => {
        if (links.some((l) => l.challengeId === challengeId && l.eventId === eventId)) return false
        links.push({ challengeId, eventId, attachedBy: by, attachedAt: new Date() })
        return true
      }),
    detach: (challengeId, eventId) =>
      Effect.sync(() => {
        const i = links.findIndex((l) => l.challengeId === challengeId && l.eventId === eventId)
        if (i < 0) return false
        links.splice(i, 1)
        return true
      }),
    ofChallenge: (challengeId) => Effect.sync(() => links.filter((l) => l.challengeId === challengeId)),
    ofEvent: (eventId) => Effect.sync(() => links.filter((l) => l.eventId === eventId))
  })

  const audiences: Array<ChallengeAudience> = []
  const audienceRepo = ChallengeAudienceRepo.of({
    add: (a) =>
      Effect.gen(function*() {
        if (audiences.some((x) => x.challengeId === a.challengeId && x.kind === a.kind && x.refId === a.refId)) {
          return yield* new AudienceAlreadyAdded({ refId: a.refId })
        }
        const row: ChallengeAudience = { ...a, id: nextMemoryId(), createdAt: new Date() }
        audiences.push(row)
        return row
      }),
    remove: (challengeId, audienceId) =>
      Effect.sync(() => {
        const i = audiences.findIndex((a) => a.id === audienceId && a.challengeId === challengeId)
        return i < 0 ? Option.none() : Option.some(audiences.splice(i, 1)[0]!)
      }),
    ofChallenge: (challengeId) => Effect.sync(() => audiences.filter((a) => a.challengeId === challengeId))
  })

  return Context.make(BadgeRepo, badgeRepo).pipe(
    Context.add(ActivityValidationRepo, validationRepo),
    Context.add(FulfillmentTaskRepo, taskRepo),
    Context.add(BibTemplateRepo, bibRepo),
    Context.add(ChallengeEventRepo, eventRepo),
    Context.add(ChallengeAudienceRepo, audienceRepo)
  )
}))
