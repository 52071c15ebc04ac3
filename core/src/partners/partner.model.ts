/**
 * Official partners (A 4.6): the derived status of a partnership, who may be a partner, the
 * exclusive-tab rules and the domain errors of the context.
 */
import { DomainError, type OfficialPartner, type OfficialPartnerStatus, type PartnerBenefit, type PartnerTier, PartnerTierDefinitions, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

/** The audit subject kind of a partnership's rows. */
export const OfficialPartnerSubject = "official_partner"

/** Where a partnership stands at `now`: removal wins, then the validity window decides. */
export const partnerStatus = (p: Pick<OfficialPartner, "removedAt" | "validFrom" | "validUntil">, now: Date): OfficialPartnerStatus => {
  if (p.removedAt !== null) return "REMOVED"
  if (p.validFrom.getTime() > now.getTime()) return "SCHEDULED"
  if (p.validUntil !== null && p.validUntil.getTime() <= now.getTime()) return "EXPIRED"
  return "ACTIVE"
}

/** The benefits a tier may hold. */
export const tierBenefits = (tier: PartnerTier): ReadonlyArray<PartnerBenefit> => PartnerTierDefinitions.find((t) => t.tier === tier)?.benefits ?? []

/** The benefit that lets a partnership be the exclusive tab's partner. */
export const ExclusiveTabBenefit: PartnerBenefit = "ATHLETE_EXCLUSIVE_TAB"

/**
 * Whether a partnership may be (or stay) the exclusive tab's target: not removed, not expired
 * (a SCHEDULED one may be chosen ahead of its start; the tab goes live when it starts) and holding
 * the exclusive-tab benefit.
 */
export const isTabTarget = (p: OfficialPartner, now: Date) => {
  const status = partnerStatus(p, now)
  return (status === "ACTIVE" || status === "SCHEDULED") && p.benefits.includes(ExclusiveTabBenefit)
}

export class OfficialPartnerNotFound extends DomainError<OfficialPartnerNotFound>()("OfficialPartnerNotFound", { kind: "not-found", code: "OFFICIAL_PARTNER_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Official partner not found"
  }
}

/** The organizer or club named by a designation does not exist. */
export class PartnerSubjectNotFound extends DomainError<PartnerSubjectNotFound>()("PartnerSubjectNotFound", { kind: "not-found", code: "PARTNER_SUBJECT_NOT_FOUND" }, {
  subjectType: Schema.String,
  subjectId: Schema.String
}) {
  override get message() {
    return `The ${this.subjectType} was not found`
  }
}

/** Only approved, active organizers and active clubs may be partners. */
export class PartnerSubjectNotEligible extends DomainError<PartnerSubjectNotEligible>()("PartnerSubjectNotEligible", { kind: "conflict", code: "PARTNER_SUBJECT_NOT_ELIGIBLE" }, {
  subjectType: Schema.String,
  subjectId: Schema.String,
  why: Schema.String
}) {
  override get message() {
    return `This ${this.subjectType} cannot be an official partner: ${this.why}`
  }
}

/** One current (not removed) partnership per organizer or club. */
export class OfficialPartnerExists extends DomainError<OfficialPartnerExists>()("OfficialPartnerExists", { kind: "conflict", code: "OFFICIAL_PARTNER_EXISTS" }, {
  subjectType: Schema.String,
  subjectId: Schema.String
}) {
  override get message() {
    return `This ${this.subjectType} is already an official partner`
  }
}

/** A removed partnership is history: it is neither changed nor removed again. */
export class OfficialPartnerRemoved extends DomainError<OfficialPartnerRemoved>()("OfficialPartnerRemoved", { kind: "conflict", code: "OFFICIAL_PARTNER_REMOVED" }, {
  id: Schema.String
}) {
  override get message() {
    return "This partnership was removed"
  }
}

export class PartnerLogoNotFound extends DomainError<PartnerLogoNotFound>()("PartnerLogoNotFound", { kind: "not-found", code: "PARTNER_LOGO_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Logo image not found; upload it through /v2/admin/official-partners/logo-images first"
  }
}

/** The chosen partnership may not be the exclusive tab's partner. */
export class ExclusiveTabTargetNotEligible extends DomainError<ExclusiveTabTargetNotEligible>()("ExclusiveTabTargetNotEligible", {
  kind: "conflict",
  code: "EXCLUSIVE_TAB_TARGET_NOT_ELIGIBLE"
}, {
  partnerId: Schema.String
}) {
  override get message() {
    return "The exclusive tab may only show a current partnership holding the ATHLETE_EXCLUSIVE_TAB benefit"
  }
}

/** Input failures found after decoding: 400 with the list. */
export class PartnerInputInvalid extends InputInvalid<PartnerInputInvalid>()("PartnerInputInvalid") {}
