/**
 * The admin permission guard, next to `requireRole`: the caller must be an admin (not an
 * impersonation token) holding `permission` or `*` (admin-permission.model.ts), else 403 "Access
 * Denied" with code ADMIN_PERMISSION_REQUIRED. Permissions are read live (a 30 s cache that every
 * change overwrites), so a revoked permission takes effect at once.
 *
 *   const me = yield* requirePermission("admins.write")
 */
import { type CurrentPrincipal, Forbidden, type Principal, requireRole } from "@podium/contracts/common"
import { Accounts, type Platform } from "@podium/core"
import { Effect } from "effect"

const denied = (_permission: string) =>
  new Forbidden({ code: "ADMIN_PERMISSION_REQUIRED", message: "Access Denied" })

/** 403 unless the caller is an admin holding `permission`; answers the principal. */
export const requirePermission = (
  permission: string
): Effect.Effect<Principal, Forbidden, CurrentPrincipal | Accounts.AdminPermissionRepo | Platform.TtlCache> =>
  Effect.gen(function*() {
    const principal = yield* requireRole("admin")
    if (principal.impersonatorId !== undefined) return yield* denied(permission)
    yield* Accounts.requireAdminPermission(principal.accountId, permission).pipe(
      Effect.catchTag("AdminPermissionRequired", () => Effect.fail(denied(permission)))
    )
    return principal
  })
