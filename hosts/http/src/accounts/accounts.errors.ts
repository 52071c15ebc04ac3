/**
 * The single place where admin-account outcomes (permissions, deletes, handles) get their public
 * meaning; generic CRUD outcomes are mapped by `crudErrors` (platform/crud.handlers.ts).
 */
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { Conflict, Forbidden, NotFound } from "@podium/contracts/common"
import type { Accounts, Platform } from "@podium/core"
import { Effect, Match } from "effect"

export type AccountsAdminError =
  | Accounts.AdminPermissionRequired
  | Accounts.LastPermissionHolder
  | Accounts.UnknownPermissions
  | Accounts.AdminCannotDeleteSelf
  | Accounts.AccountConflict
  | Platform.ResourceNotFound

const toPublic = Match.type<AccountsAdminError>().pipe(Match.tagsExhaustive({
  AdminPermissionRequired: () => new Forbidden({ code: "ADMIN_PERMISSION_REQUIRED", message: "Access Denied" }),
  LastPermissionHolder: (e) => new Conflict({ code: "LAST_PERMISSION_HOLDER", message: e.message }),
  UnknownPermissions: (e) =>
    new HttpApiDecodeError({
      message: "unknown permissions",
      issues: e.keys.map((k) => ({ _tag: "Type" as const, path: ["permissions"], message: `must be keys of the catalog; "${k}" is not one` }))
    }),
  AdminCannotDeleteSelf: (e) => new Conflict({ code: "ADMIN_CANNOT_DELETE_SELF", message: e.message }),
  AccountConflict: (e) => new Conflict({ code: "ACCOUNT_CONFLICT", message: e.message }),
  ResourceNotFound: (e) => new NotFound({ message: e.message })
}))

const Tags: Record<AccountsAdminError["_tag"], true> = {
  AdminPermissionRequired: true,
  LastPermissionHolder: true,
  UnknownPermissions: true,
  AdminCannotDeleteSelf: true,
  AccountConflict: true,
  ResourceNotFound: true
}

/** Maps admin-account errors of `effect` to public errors. */
export const accountsErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, AccountsAdminError> => typeof e === "object" && e !== null && "_tag" in e && (e._tag as string) in Tags,
    (e) => Effect.fail(toPublic(e as AccountsAdminError))
  )
