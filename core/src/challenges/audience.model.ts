/** Challenge audiences: the facts an audience operation or a join can fail with. */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export class AudienceAlreadyAdded extends DomainError<AudienceAlreadyAdded>()("AudienceAlreadyAdded", { kind: "conflict", code: "AUDIENCE_ALREADY_ADDED" }, {
  refId: Schema.String
}) {
  override get message() {
    return "This audience is already on the challenge"
  }
}

export class AudienceNotFound extends DomainError<AudienceNotFound>()("AudienceNotFound", { kind: "not-found", code: "AUDIENCE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Audience not found"
  }
}

export class AudienceTargetNotFound extends DomainError<AudienceTargetNotFound>()("AudienceTargetNotFound", { kind: "not-found", code: "CLUB_NOT_FOUND" }, {
  refId: Schema.String
}) {
  override get message() {
    return "Club not found"
  }
}

export class NotInChallengeAudience extends DomainError<NotInChallengeAudience>()("NotInChallengeAudience", {
  kind: "forbidden",
  code: "NOT_IN_CHALLENGE_AUDIENCE"
}, { challengeId: Schema.String }) {
  override get message() {
    return "This challenge is only open to members of its clubs"
  }
}
