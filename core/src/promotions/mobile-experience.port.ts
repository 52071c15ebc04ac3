/** The promotions repositories (Postgres adapters in @podium/postgres, memory twins in ../testing). */
import type { ExperienceCreative, ExperiencePlacement, ExperiencePurpose, ExperienceStatus, MobileExperience, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ExperienceArchived, ExperienceMove, ExperienceNotFound } from "./mobile-experience.model.js"

/** What an admin writes; the rest (status, stamps) is the repository's. */
export type ExperienceFields = Omit<MobileExperience, "id" | "status" | "publishedAt" | "archivedAt" | "createdBy" | "createdAt" | "updatedAt">

export interface ExperienceFilter {
  readonly status?: ExperienceStatus | undefined
  readonly purpose?: ExperiencePurpose | undefined
  /** Name or title contains this text (case-insensitive). */
  readonly search?: string | undefined
  readonly organizerId?: string | undefined
  /** Leave drafts out (what organizers see). */
  readonly publishedOnce?: boolean | undefined
  readonly page: number
  readonly limit: number
}

export class MobileExperienceRepo extends Context.Tag("@podium/core/promotions/MobileExperienceRepo")<MobileExperienceRepo, {
  readonly create: (fields: ExperienceFields, createdBy: string) => Effect.Effect<MobileExperience>
  readonly findById: (id: string) => Effect.Effect<Option.Option<MobileExperience>>
  /** Newest first. */
  readonly list: (filter: ExperienceFilter) => Effect.Effect<{ readonly items: ReadonlyArray<MobileExperience>; readonly total: number }>
  /** Replaces the fields only while the experience is not archived (one conditional update). */
  readonly update: (id: string, fields: ExperienceFields) => Effect.Effect<MobileExperience, ExperienceNotFound | ExperienceArchived>
  /** The move as one conditional update: of two concurrent moves one wins. */
  readonly move: (id: string, move: ExperienceMove) => Effect.Effect<MobileExperience, ExperienceNotFound | MoveRefused>
  /** PUBLISHED experiences of the placement whose schedule holds `now`, priority first, then newest published. */
  readonly servable: (placement: ExperiencePlacement, now: Date) => Effect.Effect<ReadonlyArray<MobileExperience>>
}>() {}

export class ExperienceCreativeRepo extends Context.Tag("@podium/core/promotions/ExperienceCreativeRepo")<ExperienceCreativeRepo, {
  readonly create: (input: Omit<ExperienceCreative, "id" | "createdAt">) => Effect.Effect<ExperienceCreative>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ExperienceCreative>>
}>() {}

/** Counts over a period (the analytics read). */
export interface EngagementCounts {
  readonly impressions: number
  readonly clicks: number
  readonly uniqueViewers: number
  readonly sessions: number
  readonly byDay: ReadonlyArray<{ readonly day: string; readonly impressions: number; readonly clicks: number }>
}

/**
 * What athletes did with experiences, one row per experience, athlete and app session: the
 * impressions counted in it (never above the experience's cap) and whether it was clicked.
 */
export class PromotionEngagementRepo extends Context.Tag("@podium/core/promotions/PromotionEngagementRepo")<PromotionEngagementRepo, {
  /** Counts one impression unless the session already reached `cap` (one upsert): whether it counted. */
  readonly impression: (experienceId: string, userId: string, sessionId: string, cap: number) => Effect.Effect<boolean>
  /** Records the session's click once: whether this call recorded it. */
  readonly click: (experienceId: string, userId: string, sessionId: string) => Effect.Effect<boolean>
  /** Impressions counted in one session, by experience. */
  readonly sessionImpressions: (userId: string, sessionId: string) => Effect.Effect<ReadonlyMap<string, number>>
  /** Impressions by the day their session first saw the experience, clicks by the day of the click (UTC days). */
  readonly counts: (experienceId: string, from: Date | null, to: Date | null) => Effect.Effect<EngagementCounts>
}>() {}

/** A stored mobile experience (the handlers name it when they add its creative's URL). */
export type MobileExperienceRecord = MobileExperience
