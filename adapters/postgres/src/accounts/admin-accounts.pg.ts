/**
 * Admin CRUD (on the generic `makeCrudRepoPg`) and admin permissions on accounts.admins. Permission
 * changes and admin deletes take one advisory lock, so "is anybody else an editor?" and the change
 * happen without a concurrent change in between (the last editor cannot be removed by two racing
 * requests).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { makeCrudRepoPg } from "../platform/crud.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const PermissionsRow = Schema.Struct({ permissions: Accounts.AdminRecord.fields.permissions })

/** Rows of accounts.admins read with `select *`: the record's columns, the rest ignored. */
const decodeAdmin = Schema.decodeUnknownSync(Accounts.AdminRecord)

export const AdminCrudRepoPg = Layer.effect(
  Accounts.AdminCrudRepo,
  makeCrudRepoPg<Accounts.AdminRecord, Accounts.AdminInput, Accounts.AdminPatch>({
    resource: "admin",
    table: "accounts.admins",
    columns: {
      id: "id",
      phoneNumber: "phone_number",
      email: "email",
      firstName: "first_name",
      lastName: "last_name",
      handle: "handle",
      status: "status",
      totpEnabledAt: "totp_enabled_at",
      totpRequiredAt: "totp_required_at",
      createdAt: "created_at",
      updatedAt: "updated_at"
    },
    writable: { phoneNumber: "phone_number", email: "email", firstName: "first_name", lastName: "last_name", handle: "handle" },
    touch: "updated_at",
    fromRow: decodeAdmin,
    conflictField: (c) => (c.includes("phone") ? "phoneNumber" : c.includes("email") ? "email" : c.includes("handle") ? "handle" : "unique")
  }).pipe(Effect.map((repo) => Accounts.AdminCrudRepo.of(repo)))
)

/** Lock key shared by permission changes and admin deletes. */
const PermissionsLock = 7_307_100_009

export const AdminPermissionRepoPg = Layer.effect(Accounts.AdminPermissionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const admins = rowsOf(Accounts.AdminRecord)
  const permissionsOf = rowsOf(PermissionsRow)
  const editors = `{${Accounts.EditorPermissions.join(",")}}`
  /** Whether an admin other than `id` holds an editor permission. */
  const otherEditorExists = (id: string) =>
    Effect.map(
      counts.one(sql`select count(*)::int as n from accounts.admins where id <> ${id} and permissions && ${editors}::text[]`),
      ({ n }) => n > 0
    )
  const guarded = <X, E>(id: string, removesEditor: (current: ReadonlyArray<string>) => boolean, then: Effect.Effect<X, E>) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* sql`select pg_advisory_xact_lock(${PermissionsLock})`
      const row = yield* permissionsOf.maybe(sql`select permissions from accounts.admins where id = ${id} for update`)
      if (Option.isNone(row)) return Option.none<X>()
      const current = row.value.permissions
      if (Accounts.holdsEditor(current) && removesEditor(current) && !(yield* otherEditorExists(id))) {
        return yield* new Accounts.LastPermissionHolder()
      }
      return Option.some(yield* then)
    })).pipe(Effect.catchTag("SqlError", Effect.die))
  return Accounts.AdminPermissionRepo.of({
    get: (id) =>
      Effect.map(permissionsOf.maybe(sql`select permissions from accounts.admins where id = ${id}`), Option.map((r) => r.permissions)),
    listAll: admins.all(sql`select * from accounts.admins order by created_at, id`),
    set: (id, permissions) =>
      guarded(
        id,
        () => !Accounts.holdsEditor(permissions),
        admins.one(sql`
          update accounts.admins
          set permissions = array(select jsonb_array_elements_text(${JSON.stringify(permissions)}::jsonb)), updated_at = now()
          where id = ${id} returning *`)
      ),
    deleteAdmin: (id) =>
      guarded(id, () => true, sql`delete from accounts.admins where id = ${id}`.pipe(Effect.orDie)).pipe(Effect.map(Option.isSome))
  })
}))

/** Admin CRUD and permissions on the SqlClient in context. */
export const AdminAccountsReposPg = Layer.merge(AdminCrudRepoPg, AdminPermissionRepoPg)
