/**
 * Brand challenges (B "Brand challenge approvals", C "Club admin" brand-challenges): a challenge
 * whose creator is a sponsoring brand. Its approval is the challenge review move itself (DRAFT →
 * ACTIVE, DRAFT → REJECTED): a brand challenge is created DRAFT like any other and the approvals
 * queue is the brand-filtered view of that review, so there is one status and one move table, and
 * `PATCH /v2/challenges/{id}/review` and the approvals routes cannot disagree. Clubs then enter
 * approved (ACTIVE or PAUSED) brand challenges: an entry is JOINED or WITHDRAWN and may rejoin.
 */
import { type ClubBrandChallengeEntryStatus, defineMoves, DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const ClubBrandEntryMoves = defineMoves<ClubBrandChallengeEntryStatus>()({ machine: "club brand challenge entry", code: "CLUB_BRAND_CHALLENGE_MOVE_REFUSED" }, {
  rejoin: { from: ["WITHDRAWN"], to: "JOINED" },
  withdraw: { from: ["JOINED"], to: "WITHDRAWN" }
})

/** No brand challenge has this id (a challenge of another creator is not one). */
export class BrandChallengeNotFound extends DomainError<BrandChallengeNotFound>()("BrandChallengeNotFound", { kind: "not-found", code: "BRAND_CHALLENGE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Brand challenge not found"
  }
}

/** Clubs join approved brand challenges only (states.tsv "Brand challenge"). */
export class BrandChallengeNotApproved extends DomainError<BrandChallengeNotApproved>()("BrandChallengeNotApproved", { kind: "conflict", code: "BRAND_CHALLENGE_NOT_APPROVED" }, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The brand challenge is ${this.status}; clubs join approved brand challenges only`
  }
}

/** A closed or cancelled brand challenge takes no new club entries. */
export class BrandChallengeClosed extends DomainError<BrandChallengeClosed>()("BrandChallengeClosed", { kind: "conflict", code: "BRAND_CHALLENGE_CLOSED" }, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The brand challenge is ${this.status}`
  }
}

/** The brand behind the challenge is not APPROVED (suspended or rejected since), so its challenge cannot go live. */
export class BrandChallengeBrandNotApproved extends DomainError<BrandChallengeBrandNotApproved>()("BrandChallengeBrandNotApproved", { kind: "conflict", code: "BRAND_NOT_APPROVED" }, {
  brandId: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The challenge's brand is ${this.status}`
  }
}

/** The club never joined this brand challenge. */
export class ClubBrandChallengeNotJoined extends DomainError<ClubBrandChallengeNotJoined>()("ClubBrandChallengeNotJoined", { kind: "not-found", code: "CLUB_BRAND_CHALLENGE_NOT_JOINED" }, {
  clubId: Schema.String,
  challengeId: Schema.String
}) {
  override get message() {
    return "The club has not joined this brand challenge"
  }
}
