/**
 * In-memory twins of the promotions repositories, with the Postgres adapters' visible rules: moves
 * and updates are conditional on the status, impressions stop at the session's cap, a session's
 * click is recorded once.
 */
import type { ExperienceCreative, MobileExperience, MoveRefused } from "@podium/kernel"
import { Clock, Effect, Either, Layer, Option } from "effect"
import { ExperienceArchived, ExperienceMoves, ExperienceNotFound } from "../promotions/mobile-experience.model.js"
import { ExperienceCreativeRepo, MobileExperienceRepo, PromotionEngagementRepo } from "../promotions/mobile-experience.port.js"

const newest = (a: MobileExperience, b: MobileExperience) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)

export const MobileExperienceRepoMemory = Layer.sync(MobileExperienceRepo, () => {
  const rows = new Map<string, MobileExperience>()
  return MobileExperienceRepo.of({
    create: (fields, createdBy) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const at = new Date(ms)
        const row: MobileExperience = { ...fields, id: crypto.randomUUID(), status: "DRAFT", publishedAt: null, archivedAt: null, createdBy, createdAt: at, updatedAt: at }
        rows.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    list: (f) =>
      Effect.sync(() => {
        const words = f.search?.toLowerCase()
        const all = [...rows.values()].filter((e) =>
          (f.status === undefined || e.status === f.status) &&
          (f.purpose === undefined || e.purpose === f.purpose) &&
          (f.organizerId === undefined || e.organizerId === f.organizerId) &&
          (!f.publishedOnce || e.publishedAt !== null) &&
          (words === undefined || e.name.toLowerCase().includes(words) || e.title.toLowerCase().includes(words))
        ).sort(newest)
        return { items: all.slice((f.page - 1) * f.limit, f.page * f.limit), total: all.length }
      }),
    update: (id, fields) =>
      Effect.flatMap(Clock.currentTimeMillis, (ms): Effect.Effect<MobileExperience, ExperienceNotFound | ExperienceArchived> => {
        const row = rows.get(id)
        if (row === undefined) return Effect.fail(new ExperienceNotFound({ id }))
        if (row.status === "ARCHIVED") return Effect.fail(new ExperienceArchived({ id }))
        const next: MobileExperience = { ...row, ...fields, updatedAt: new Date(ms) }
        rows.set(id, next)
        return Effect.succeed(next)
      }),
    move: (id, move) =>
      Effect.flatMap(Clock.currentTimeMillis, (ms): Effect.Effect<MobileExperience, ExperienceNotFound | MoveRefused> => {
        const row = rows.get(id)
        if (row === undefined) return Effect.fail(new ExperienceNotFound({ id }))
        const to = ExperienceMoves.transition(row.status, move)
        if (Either.isLeft(to)) return Effect.fail(to.left)
        const at = new Date(ms)
        const next: MobileExperience = {
          ...row,
          status: to.right,
          updatedAt: at,
          publishedAt: move === "publish" ? at : row.publishedAt,
          archivedAt: move === "archive" ? (row.archivedAt ?? at) : row.archivedAt
        }
        rows.set(id, next)
        return Effect.succeed(next)
      }),
    servable: (placement, now) =>
      Effect.sync(() =>
        [...rows.values()]
          .filter((e) => e.status === "PUBLISHED" && e.placement === placement && (e.startsAt === null || e.startsAt <= now) && (e.endsAt === null || e.endsAt > now))
          .sort((a, b) => b.priority - a.priority || (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1)))
  })
})

export const ExperienceCreativeRepoMemory = Layer.sync(ExperienceCreativeRepo, () => {
  const rows = new Map<string, ExperienceCreative>()
  return ExperienceCreativeRepo.of({
    create: (input) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const row: ExperienceCreative = { ...input, id: crypto.randomUUID(), createdAt: new Date(ms) }
        rows.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id)))
  })
})

interface SessionRow {
  impressions: number
  clickedAt: Date | null
  readonly firstSeenAt: Date
  readonly userId: string
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10)

export const PromotionEngagementRepoMemory = Layer.sync(PromotionEngagementRepo, () => {
  // experienceId → "userId sessionId" → row
  const sessions = new Map<string, Map<string, SessionRow>>()
  const rowOf = (experienceId: string, userId: string, sessionId: string, at: Date) => {
    const byKey = sessions.get(experienceId) ?? new Map<string, SessionRow>()
    sessions.set(experienceId, byKey)
    const key = `${userId} ${sessionId}`
    const row = byKey.get(key) ?? { impressions: 0, clickedAt: null, firstSeenAt: at, userId }
    byKey.set(key, row)
    return row
  }
  return PromotionEngagementRepo.of({
    impression: (experienceId, userId, sessionId, cap) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const row = rowOf(experienceId, userId, sessionId, new Date(ms))
        if (row.impressions >= cap) return false
        row.impressions += 1
        return true
      }),
    click: (experienceId, userId, sessionId) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const row = rowOf(experienceId, userId, sessionId, new Date(ms))
        if (row.clickedAt !== null) return false
        row.clickedAt = new Date(ms)
        return true
      }),
    sessionImpressions: (userId, sessionId) =>
      Effect.sync(() => {
        const out = new Map<string, number>()
        for (const [experienceId, byKey] of sessions) {
          const row = byKey.get(`${userId} ${sessionId}`)
          if (row !== undefined) out.set(experienceId, row.impressions)
        }
        return out
      }),
    counts: (experienceId, from, to) =>
      Effect.sync(() => {
        const inRange = (d: Date) => (from === null || d >= from) && (to === null || d <= to)
        const rows = [...(sessions.get(experienceId)?.values() ?? [])]
        const seen = rows.filter((r) => r.impressions > 0 && inRange(r.firstSeenAt))
        const clicked = rows.filter((r) => r.clickedAt !== null && inRange(r.clickedAt))
        const days = new Map<string, { impressions: number; clicks: number }>()
        for (const r of seen) {
          const d = days.get(dayOf(r.firstSeenAt)) ?? { impressions: 0, clicks: 0 }
          d.impressions += r.impressions
          days.set(dayOf(r.firstSeenAt), d)
        }
        for (const r of clicked) {
          const d = days.get(dayOf(r.clickedAt!)) ?? { impressions: 0, clicks: 0 }
          d.clicks += 1
          days.set(dayOf(r.clickedAt!), d)
        }
        return {
          impressions: seen.reduce((n, r) => n + r.impressions, 0),
          clicks: clicked.length,
          uniqueViewers: new Set(seen.map((r) => r.userId)).size,
          sessions: seen.length,
          byDay: [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, v]) => ({ day, ...v }))
        }
      })
  })
})

export const PromotionsReposMemory = Layer.mergeAll(MobileExperienceRepoMemory, ExperienceCreativeRepoMemory, PromotionEngagementRepoMemory)
