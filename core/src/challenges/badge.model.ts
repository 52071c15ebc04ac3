/** Badges (C "Badges"): the facts a badge operation can fail with. The record is the kernel's `ChallengeBadge`. */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export class BadgeNotFound extends DomainError<BadgeNotFound>()("BadgeNotFound", { kind: "not-found", code: "BADGE_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return "Badge not found"
  }
}

export class BadgeCodeTaken extends DomainError<BadgeCodeTaken>()("BadgeCodeTaken", { kind: "conflict", code: "BADGE_CODE_TAKEN" }, {
  code: Schema.String
}) {
  override get message() {
    return `The code ${this.code} is taken by another badge`
  }
}

/** A badge athletes hold cannot be deleted (their collections would lose it); deactivate it instead. */
export class BadgeAlreadyAwarded extends DomainError<BadgeAlreadyAwarded>()("BadgeAlreadyAwarded", { kind: "conflict", code: "BADGE_ALREADY_AWARDED" }, {
  id: Schema.String,
  awarded: Schema.Number
}) {
  override get message() {
    return `The badge is held by ${this.awarded} athlete(s); deactivate it instead of deleting it`
  }
}

export class BadgeNotMapped extends DomainError<BadgeNotMapped>()("BadgeNotMapped", { kind: "not-found", code: "BADGE_NOT_MAPPED" }, {
  badgeId: Schema.String,
  challengeId: Schema.String
}) {
  override get message() {
    return "The badge is not mapped to this challenge"
  }
}

/** Retroactive award needs an active badge. */
export class BadgeInactive extends DomainError<BadgeInactive>()("BadgeInactive", { kind: "conflict", code: "BADGE_INACTIVE" }, {
  id: Schema.String
}) {
  override get message() {
    return "An inactive badge awards nobody; activate it first"
  }
}
