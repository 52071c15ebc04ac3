/**
 * The single place where organizers and media outcomes get their public meaning. A new error in
 * the union breaks the build here.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from "@podium/contracts/common"
import { validationBody } from "@podium/contracts/common"
import type { Organizers, Platform } from "@podium/core"
import { HttpServerResponse } from "@effect/platform"
import { Effect, Match } from "effect"

export type OrganizersError =
  | Organizers.OrganizerNotFound
  | Organizers.OrganizerAccessDenied
  | Organizers.OrganizerSuspended
  | Organizers.OrganizerConflict
  | Organizers.OrganizerStateConflict
  | Organizers.TeamMemberNotFound
  | Organizers.LastOwner

const toPublic = Match.type<OrganizersError>().pipe(Match.tagsExhaustive({
  OrganizerNotFound: (e) => new NotFound({ message: e.message }),
  OrganizerAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  OrganizerSuspended: (e) => new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message }),
  OrganizerConflict: (e) => new Conflict({ code: "ORGANIZER_CONFLICT", message: e.message }),
  // Preconditions of the caller (not of the organizer's state) are 400/403, the rest 409.
  OrganizerStateConflict: (e) =>
    e.code === "VERIFIED_PHONE_REQUIRED"
      ? new BadRequest({ code: e.code, message: e.message })
      : e.code === "ATHLETES_ONLY" || e.code === "OWNER_REQUIRED"
      ? new Forbidden({ code: e.code, message: e.message })
      : new Conflict({ code: e.code, message: e.message }),
  TeamMemberNotFound: (e) => new NotFound({ message: e.message }),
  LastOwner: (e) => new Conflict({ code: "LAST_OWNER", message: e.message })
}))

const Tags: Record<OrganizersError["_tag"], true> = {
  OrganizerNotFound: true,
  OrganizerAccessDenied: true,
  OrganizerSuspended: true,
  OrganizerConflict: true,
  OrganizerStateConflict: true,
  TeamMemberNotFound: true,
  LastOwner: true
}

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

/** Maps organizers errors of `effect` to public errors. */
export const organizerErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, OrganizersError> => isTagged(e) && e._tag in Tags, (e) => Effect.fail(toPublic(e as OrganizersError)))

/**
 * Answers input failures found after decoding (file types and sizes, `links` JSON, list query) as
 * the validation 400 with its message list, exactly like a schema failure.
 */
export const inputErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Organizers.OrganizerInputInvalid | Platform.ListQueryInvalid> =>
      isTagged(e) && (e._tag === "OrganizerInputInvalid" || e._tag === "ListQueryInvalid"),
    (e) => Effect.succeed(HttpServerResponse.unsafeJson(validationBody((e as { messages: ReadonlyArray<string> }).messages), { status: 400 }))
  )
