/**
 * Challenge audiences: the challenge's manager narrows who may join to the members of some clubs;
 * a join checks the caller matches one audience (403 NOT_IN_CHALLENGE_AUDIENCE otherwise). A
 * challenge without audiences is open to every athlete.
 */
import type { ChallengeAudience } from "@podium/kernel"
import { Effect, Option } from "effect"
import { ClubRepo } from "../clubs/club.port.js"
import { requireClubRole } from "../clubs/tenancy.policy.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AudienceNotFound, AudienceTargetNotFound, NotInChallengeAudience } from "./audience.model.js"
import { ChallengeAudienceRepo } from "./audience.port.js"
import { managedChallenge } from "./challenge.use-case.js"
import { auditSubject } from "../platform/audit-subject.js"

const audit = (principal: Principal, action: string, a: ChallengeAudience) =>
  auditSubject(`challenges.challenge.${action}`, principal, { kind: "challenge", id: a.challengeId }, { data: { audienceId: a.id, kind: a.kind, refId: a.refId } })

export const challengeAudiences = Effect.fn("challenges.audiences.list")(function*(principal: Principal, id: string) {
  const challenge = yield* managedChallenge(principal, id)
  return yield* Effect.flatMap(ChallengeAudienceRepo, (r) => r.ofChallenge(challenge.id))
})

export const addChallengeAudience = Effect.fn("challenges.audiences.add")(function*(
  principal: Principal,
  id: string,
  input: { readonly kind: ChallengeAudience["kind"]; readonly refId: string }
) {
  const challenge = yield* managedChallenge(principal, id)
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(input.refId))
  if (Option.isNone(club)) return yield* new AudienceTargetNotFound({ refId: input.refId })
  const added = yield* Effect.flatMap(ChallengeAudienceRepo, (r) =>
    r.add({ challengeId: challenge.id, kind: input.kind, refId: input.refId, createdBy: principal.accountId }))
  yield* audit(principal, "audience_added", added)
  return added
})

export const removeChallengeAudience = Effect.fn("challenges.audiences.remove")(function*(principal: Principal, id: string, audienceId: string) {
  const challenge = yield* managedChallenge(principal, id)
  const removed = isUuid(audienceId) ? yield* Effect.flatMap(ChallengeAudienceRepo, (r) => r.remove(challenge.id, audienceId)) : Option.none()
  if (Option.isNone(removed)) return yield* new AudienceNotFound({ id: audienceId })
  yield* audit(principal, "audience_removed", removed.value)
  return { id: audienceId, deleted: true as const }
})

/** Whether the athlete may join: no audiences, or an ACTIVE member of one audience's club. */
export const requireInAudience = Effect.fn("challenges.audiences.require")(function*(athlete: Principal, challengeId: string) {
  const audiences = yield* Effect.flatMap(ChallengeAudienceRepo, (r) => r.ofChallenge(challengeId))
  if (audiences.length === 0) return
  for (const a of audiences) {
    const member = yield* Effect.either(requireClubRole(athlete, a.refId, ["OWNER", "ADMIN", "MODERATOR", "MEMBER"]))
    if (member._tag === "Right") return
  }
  return yield* new NotInChallengeAudience({ challengeId })
})
