/** Admin account use cases of this first cut: bootstrap of the first admin, and creation by an operator (CLI). */
import { Effect } from "effect"
import { AdminRepo, type NewAdmin } from "./account.port.js"
import { SuperPermission } from "./admin-permission.model.js"

/** Creates the first administrator while none exists (POST /v2/admins/bootstrap). */
export const bootstrapAdmin = Effect.fn("accounts.admins.bootstrap")(function*(input: NewAdmin) {
  const repo = yield* AdminRepo
  // The first admin is the super admin: it holds every permission (`*`).
  return yield* repo.createFirst({ ...input, permissions: [SuperPermission] })
})

/** Creates an administrator (the CLI's `admin create`; admin CRUD comes later). */
export const createAdmin = Effect.fn("accounts.admins.create")(function*(input: NewAdmin) {
  const repo = yield* AdminRepo
  // Operator-created admins (CLI, server access) are super admins unless told otherwise.
  return yield* repo.create({ ...input, permissions: input.permissions ?? [SuperPermission] })
})
