/**
 * Admin CRUD (on the generic `makeCrudRepoPg`) and admin permissions on accounts.admins. Permission
 * changes and admin deletes take one advisory lock, so "is anybody else an editor?" and the change
 * happen without a concurrent change in between (the last editor cannot be removed by two racing
 * requests).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Accounts } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { makeCrudRepoPg } from "../platform/crud.pg.js"

const toAdminRecord = (r: Record<string, unknown>): Accounts.AdminRecord => ({
  id: r.id as string,
  phoneNumber: r.phoneNumber as string,
  email: (r.email as string | null) ?? null,
  firstName: (r.firstName as string | null) ?? null,
  lastName: (r.lastName as string | null) ?? null,
  handle: (r.handle as string | null) ?? null,
  status: r.status as Accounts.AdminStatus,
  totpEnabledAt: (r.totpEnabledAt as Date | null) ?? null,
  totpRequiredAt: (r.totpRequiredAt as Date | null) ?? null,
  permissions: (r.permissions as ReadonlyArray<string> | null) ?? [],
  createdAt: r.createdAt as Date,
  updatedAt: r.updatedAt as Date
})

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
    fromRow: toAdminRecord,
    conflictField: (c) => (c.includes("phone") ? "phoneNumber" : c.includes("email") ? "email" : c.includes("handle") ? "handle" : "unique")
  }).pipe(Effect.map((repo) => Accounts.AdminCrudRepo.of(repo)))
)

/** Lock key shared by permission changes and admin deletes. */
const PermissionsLock = 7_307_100_009

export const AdminPermissionRepoPg = Layer.effect(Accounts.AdminPermissionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const editors = `{${Accounts.EditorPermissions.join(",")}}`
  /** Whether an admin other than `id` holds an editor permission. */
  const otherEditorExists = (id: string) =>
    Effect.map(
      sql<{ readonly n: number }>`select count(*)::int as n from accounts.admins where id <> ${id} and permissions && ${editors}::text[]`,
      (rows) => (rows[0]?.n ?? 0) > 0
    )
  const guarded = <X>(id: string, removesEditor: (current: ReadonlyArray<string>) => boolean, then: Effect.Effect<X, SqlError>) =>
    sql.withTransaction(Effect.gen(function*() {
      yield* sql`select pg_advisory_xact_lock(${PermissionsLock})`
      const [row] = yield* sql<{ readonly permissions: ReadonlyArray<string> }>`
        select permissions from accounts.admins where id = ${id} for update`
      if (row === undefined) return Option.none<X>()
      if (Accounts.holdsEditor(row.permissions) && removesEditor(row.permissions) && !(yield* otherEditorExists(id))) {
        return yield* new Accounts.LastPermissionHolder()
      }
      return Option.some(yield* then)
    })).pipe(Effect.catchTag("SqlError", (e) => Effect.die(e))) as Effect.Effect<Option.Option<X>, Accounts.LastPermissionHolder>
  return Accounts.AdminPermissionRepo.of({
    get: (id) =>
      sql<{ readonly permissions: ReadonlyArray<string> }>`select permissions from accounts.admins where id = ${id}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => r.permissions))
      ),
    listAll: sql<Record<string, unknown>>`select * from accounts.admins order by created_at, id`.pipe(
      Effect.orDie,
      Effect.map((rows) => rows.map(toAdminRecord))
    ),
    set: (id, permissions) =>
      guarded(
        id,
        () => !Accounts.holdsEditor(permissions),
        Effect.map(
          sql<Record<string, unknown>>`
            update accounts.admins
            set permissions = array(select jsonb_array_elements_text(${JSON.stringify(permissions)}::jsonb)), updated_at = now()
            where id = ${id} returning *`,
          (rows) => toAdminRecord(rows[0]!)
        )
      ),
    deleteAdmin: (id) =>
      guarded(id, () => true, sql`delete from accounts.admins where id = ${id}`).pipe(Effect.map((o) => Option.isSome(o)))
  })
}))

/** Admin CRUD and permissions on the SqlClient in context. */
export const AdminAccountsReposPg = Layer.merge(AdminCrudRepoPg, AdminPermissionRepoPg)
