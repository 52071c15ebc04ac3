/** The partners repositories (Postgres adapter in @podium/postgres, memory twins in testing). */
import type { OfficialPartner, OfficialPartnerStatus, PartnerBenefit, PartnerExclusiveTab, PartnerLogoImage, PartnerSubjectType, PartnerTier } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { OfficialPartnerExists } from "./partner.model.js"

/** The fields a designation sets (all of them on create, the merged result on update). */
export interface PartnerFields {
  readonly tier: PartnerTier
  readonly benefits: ReadonlyArray<PartnerBenefit>
  readonly displayName: string
  readonly tagline: string | null
  readonly description: string | null
  readonly websiteUrl: string | null
  readonly displayOrder: number
  readonly logo: { readonly id: string; readonly key: string; readonly contentType: string } | null
  readonly validFrom: Date
  readonly validUntil: Date | null
}

export interface PartnerFilter {
  /** Derived at `now`; absent: every partnership that is not removed. */
  readonly status?: OfficialPartnerStatus | undefined
  readonly subjectType?: PartnerSubjectType | undefined
  readonly tier?: PartnerTier | undefined
  /** Case-insensitive match on the display name. */
  readonly search?: string | undefined
  readonly now: Date
  readonly limit: number
  readonly offset: number
}

/** Official partnerships; at most one current (not removed) per organizer or club. */
export class OfficialPartnerRepo extends Context.Tag("@podium/core/partners/OfficialPartnerRepo")<OfficialPartnerRepo, {
  /** Fails with OfficialPartnerExists when the subject already has a current partnership (a unique index). */
  readonly create: (input: PartnerFields & {
    readonly subjectType: PartnerSubjectType
    readonly subjectId: string
    readonly createdBy: string
  }) => Effect.Effect<OfficialPartner, OfficialPartnerExists>
  readonly findById: (id: string) => Effect.Effect<Option.Option<OfficialPartner>>
  /** The row locked until the transaction ends (`for update`); use inside `Transactor.atomically`. */
  readonly lockById: (id: string) => Effect.Effect<Option.Option<OfficialPartner>>
  /** The subject's current (not removed) partnership. */
  readonly findCurrent: (subjectType: PartnerSubjectType, subjectId: string) => Effect.Effect<Option.Option<OfficialPartner>>
  /** The current partnerships of several subjects of one type. */
  readonly currentOf: (subjectType: PartnerSubjectType, subjectIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<OfficialPartner>>
  /** Replaces the fields of a current partnership; none when it is gone or removed. */
  readonly update: (id: string, fields: PartnerFields, updatedBy: string) => Effect.Effect<Option.Option<OfficialPartner>>
  /** Removes a current partnership (one conditional update: of two removals one wins); none otherwise. */
  readonly remove: (id: string, removedBy: string, reason: string) => Effect.Effect<Option.Option<OfficialPartner>>
  /** Display order, then display name. */
  readonly list: (filter: PartnerFilter) => Effect.Effect<{ readonly items: ReadonlyArray<OfficialPartner>; readonly total: number }>
  /** Current partnerships holding `benefit` that have not expired at `now`, in list order. */
  readonly holding: (benefit: PartnerBenefit, now: Date) => Effect.Effect<ReadonlyArray<OfficialPartner>>
}>() {}

/** Uploaded partner logos. */
export class PartnerLogoRepo extends Context.Tag("@podium/core/partners/PartnerLogoRepo")<PartnerLogoRepo, {
  readonly create: (input: Omit<PartnerLogoImage, "id" | "createdAt">) => Effect.Effect<PartnerLogoImage>
  readonly findById: (id: string) => Effect.Effect<Option.Option<PartnerLogoImage>>
}>() {}

/** The single athlete exclusive partner tab (one row, created by the migration). */
export class ExclusiveTabRepo extends Context.Tag("@podium/core/partners/ExclusiveTabRepo")<ExclusiveTabRepo, {
  readonly get: Effect.Effect<PartnerExclusiveTab>
  /** Replaces the tab in one update that also bumps `version`. */
  readonly put: (input: Pick<PartnerExclusiveTab, "enabled" | "partnerId" | "title" | "subtitle">, updatedBy: string) => Effect.Effect<PartnerExclusiveTab>
}>() {}
