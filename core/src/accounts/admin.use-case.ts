/** Admin account use cases of this first cut: bootstrap of the first admin, and creation by an operator (CLI). */
import { Effect } from "effect"
import { AdminRepo, type NewAdmin } from "./account.port.js"

/** Creates the first administrator while none exists (POST /v2/admins/bootstrap). */
export const bootstrapAdmin = Effect.fn("accounts.admins.bootstrap")(function*(input: NewAdmin) {
  const repo = yield* AdminRepo
  return yield* repo.createFirst(input)
})

/** Creates an administrator (the CLI's `admin create`; admin CRUD comes later). */
export const createAdmin = Effect.fn("accounts.admins.create")(function*(input: NewAdmin) {
  const repo = yield* AdminRepo
  return yield* repo.create(input)
})
