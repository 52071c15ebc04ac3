/**
 * The single place where challenges outcomes get their public meaning (a new error in the union
 * breaks the build here). The organizer tenancy outcomes of a creator check read as on every
 * organizer-scoped route: 403 "Access Denied" (also for unknown organizers), 403
 * ORGANIZER_SUSPENDED.
 */
import { HttpServerResponse } from "@effect/platform"
import { Conflict, Forbidden, NotFound, validationBody } from "@podium/contracts/common"
import type { Challenges, Organizers } from "@podium/core"
import { Effect, Match } from "effect"

export type ChallengesError =
  | Challenges.BadgeRequestNotFound
  | Challenges.BadgeRequestStateConflict
  | Challenges.CreatorNotFound
  | Organizers.OrganizerAccessDenied
  | Organizers.OrganizerSuspended
  | Organizers.OrganizerNotFound

const toPublic = Match.type<ChallengesError>().pipe(Match.tagsExhaustive({
  BadgeRequestNotFound: (e) => new NotFound({ message: e.message }),
  BadgeRequestStateConflict: (e) => new Conflict({ code: "BADGE_REQUEST_NOT_PENDING", message: e.message }),
  CreatorNotFound: (e) => new NotFound({ code: "CREATOR_NOT_FOUND", message: e.message }),
  OrganizerAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  OrganizerSuspended: (e) => new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message }),
  OrganizerNotFound: () => new NotFound({ code: "CREATOR_NOT_FOUND", message: "Creator not found" })
}))

const Tags: Record<ChallengesError["_tag"], true> = {
  BadgeRequestNotFound: true,
  BadgeRequestStateConflict: true,
  CreatorNotFound: true,
  OrganizerAccessDenied: true,
  OrganizerSuspended: true,
  OrganizerNotFound: true
}

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

/** Maps challenges errors of `effect` to public errors. */
export const challengesErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, ChallengesError> => isTagged(e) && e._tag in Tags, (e) => Effect.fail(toPublic(e as ChallengesError)))

/** Input failures found after decoding (image choice, file type and size) answer the validation 400. */
export const badgeInputErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Challenges.BadgeInputInvalid> => isTagged(e) && e._tag === "BadgeInputInvalid",
    (e) => Effect.succeed(HttpServerResponse.unsafeJson(validationBody((e as Challenges.BadgeInputInvalid).messages), { status: 400 }))
  )
