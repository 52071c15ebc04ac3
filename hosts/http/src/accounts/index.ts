/** The accounts context's HTTP handlers (admins, admin accounts and permissions): the layers the host's area list provides. */
import { AdminsHandlers } from "./admins.handlers.js"
import { AdminAccountsHandlers } from "./admin-accounts.handlers.js"
import { AdminPermissionsHandlers } from "./admin-permissions.handlers.js"

export const handlers = [
  AdminsHandlers,
  AdminAccountsHandlers,
  AdminPermissionsHandlers
] as const
