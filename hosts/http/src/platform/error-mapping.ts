/**
 * One table per context turns domain errors into public errors: the table's keys are the domain
 * error tags it handles, each with its public meaning. `mapErrors(table)` gives the combinator a
 * handler wraps its use case in; errors whose tag is not in the table pass through untouched, and
 * the result's error type carries only the public errors of the tags the effect can actually fail
 * with (so a group declares just those).
 *
 *   const table = { ClubNotFound: (e: Clubs.ClubNotFound) => new NotFound({ message: e.message }) }
 *   export const clubErrors = mapErrors(table)
 *   // handler: Clubs.getClub(...).pipe(clubErrors)
 */
import type { BadRequest, Conflict, Forbidden, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized } from "@podium/contracts/common"
import { Effect } from "effect"

export type PublicError = BadRequest | Unauthorized | Forbidden | NotFound | Conflict | TooManyRequests | ServiceUnavailable

type Table = Readonly<Record<string, (e: never) => PublicError>>

/** Each error of E replaced by its public meaning when the table handles its tag. */
type Mapped<T extends Table, E> = E extends { readonly _tag: infer K } ? K extends keyof T ? ReturnType<T[K]> : E : E

const isTagged = (e: unknown): e is { readonly _tag: string } => typeof e === "object" && e !== null && "_tag" in e

export const mapErrors = <T extends Table>(table: T) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, Mapped<T, E>, R> =>
  Effect.mapError(effect, (e) =>
    isTagged(e) && Object.hasOwn(table, e._tag) ? (table[e._tag] as (e: unknown) => PublicError)(e) : e) as Effect.Effect<A, Mapped<T, E>, R>
