/** The organizer brand: its errors and the SaaS subscription's period rule. */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export class PrepProgramNotFound extends DomainError<PrepProgramNotFound>()("PrepProgramNotFound", { kind: "not-found" }, { id: Schema.String }) {
  override get message() {
    return `Prep program ${this.id} not found`
  }
}

/** Only a published program is assigned (athletes must be able to read what they are given). */
export class PrepProgramNotPublished extends DomainError<PrepProgramNotPublished>()(
  "PrepProgramNotPublished",
  { kind: "conflict", code: "PREP_PROGRAM_NOT_PUBLISHED" },
  { id: Schema.String, status: Schema.String }
) {
  override get message() {
    return `The prep program is ${this.status}; only a published program can be assigned`
  }
}

export class SaasPlanNotFound extends DomainError<SaasPlanNotFound>()("SaasPlanNotFound", { kind: "not-found", code: "SAAS_PLAN_NOT_FOUND" }, { planId: Schema.String }) {
  override get message() {
    return `SaaS plan ${this.planId} not found`
  }
}

export class SaasAlreadySubscribed extends DomainError<SaasAlreadySubscribed>()(
  "SaasAlreadySubscribed",
  { kind: "conflict", code: "SAAS_ALREADY_SUBSCRIBED" },
  { organizerId: Schema.String, status: Schema.String }
) {
  override get message() {
    return `The organizer already has a ${this.status} subscription; cancel it first`
  }
}

export class SaasNotSubscribed extends DomainError<SaasNotSubscribed>()("SaasNotSubscribed", { kind: "conflict", code: "SAAS_NOT_SUBSCRIBED" }, {
  organizerId: Schema.String
}) {
  override get message() {
    return "The organizer has no subscription to cancel"
  }
}

/** The purpose of SaaS subscription orders in `payments.orders` (the inbox's processor matches on it). */
export const SaasOrderPurpose = "organizer_saas"

/** A paid month: the period ends one calendar month after activation (UTC). */
export const periodEndFrom = (at: Date): Date => {
  const end = new Date(at)
  end.setUTCMonth(end.getUTCMonth() + 1)
  return end
}
