/**
 * The single place where wallets outcomes get their public meaning (a new error in the union breaks
 * the build here). Tenancy refusals read as on every organizer- and club-scoped route: 403 "Access
 * Denied" (also for unknown organizers/clubs, so outsiders learn nothing), 403 ORGANIZER_SUSPENDED;
 * platform admins get 404 for an unknown organizer or club. A bad cursor is a validation 400.
 */
import { HttpServerResponse } from "@effect/platform"
import { Forbidden, NotFound, validationBody } from "@podium/contracts/common"
import type { Clubs, Organizers, Wallets } from "@podium/core"
import { Effect, Match } from "effect"

export type WalletsError =
  | Wallets.CreatorWalletAccessDenied
  | Organizers.OrganizerAccessDenied
  | Organizers.OrganizerSuspended
  | Organizers.OrganizerNotFound
  | Clubs.ClubAccessDenied
  | Clubs.ClubNotFound

const toPublic = Match.type<WalletsError>().pipe(Match.tagsExhaustive({
  CreatorWalletAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  OrganizerAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  OrganizerSuspended: (e) => new Forbidden({ code: "ORGANIZER_SUSPENDED", message: e.message }),
  OrganizerNotFound: () => new NotFound({ message: "Organizer not found" }),
  ClubAccessDenied: () => new Forbidden({ message: "Access Denied" }),
  ClubNotFound: () => new NotFound({ message: "Club not found" })
}))

const Tags: Record<WalletsError["_tag"], true> = {
  CreatorWalletAccessDenied: true,
  OrganizerAccessDenied: true,
  OrganizerSuspended: true,
  OrganizerNotFound: true,
  ClubAccessDenied: true,
  ClubNotFound: true
}

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

/** Maps wallets errors of `effect` to public errors. */
export const walletsErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, WalletsError> => isTagged(e) && e._tag in Tags, (e) => Effect.fail(toPublic(e as WalletsError)))

/** A cursor the ledger did not hand out answers the validation 400. */
export const cursorErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, Wallets.LedgerCursorInvalid> => isTagged(e) && e._tag === "LedgerCursorInvalid",
    (e) => Effect.succeed(HttpServerResponse.unsafeJson(validationBody([(e as Wallets.LedgerCursorInvalid).message]), { status: 400 }))
  )
