/**
 * Ports of admin account management: the generic CRUD repository of admins (with their
 * permissions) and the permission store whose changes are serialised so the last editor cannot be
 * removed.
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { CrudRepo } from "../platform/crud.port.js"
import { Admin } from "./account.model.js"
import type { LastPermissionHolder } from "./admin-permission.model.js"

/** An admin as the admin CRUD sees it: the account plus its permissions. */
export const AdminRecord = Schema.Struct({ ...Admin.fields, permissions: Schema.Array(Schema.String) })
export interface AdminRecord extends Schema.Schema.Type<typeof AdminRecord> {}

/** Body of POST/PUT /v2/admins (PUT: absent optional fields become null). */
export const AdminInput = Admin.pick("phoneNumber").pipe(
  Schema.extend(Admin.pick("email", "firstName", "lastName", "handle").pipe(Schema.partialWith({ exact: true })))
)
export interface AdminInput extends Schema.Schema.Type<typeof AdminInput> {}

/** Body of PATCH /v2/admins/{id}: only the given fields change. */
export type AdminPatch = Partial<AdminInput>

/** Admin accounts through the generic CRUD shape (list query, get, create, bulk, update, replace, delete). */
export class AdminCrudRepo extends Context.Tag("@podium/core/accounts/AdminCrudRepo")<
  AdminCrudRepo,
  CrudRepo<AdminRecord, AdminInput, AdminPatch>
>() {}

/** Permissions of admins. */
export class AdminPermissionRepo extends Context.Tag("@podium/core/accounts/AdminPermissionRepo")<AdminPermissionRepo, {
  /** The admin's permissions; none when the admin does not exist. */
  readonly get: (adminId: string) => Effect.Effect<Option.Option<ReadonlyArray<string>>>
  /** Every admin with their permissions, oldest first (the permission editor list). */
  readonly listAll: Effect.Effect<ReadonlyArray<AdminRecord>>
  /**
   * Sets the admin's permissions, serialised with every other permission change and admin delete;
   * fails with LastPermissionHolder when no admin would hold an editor permission afterwards.
   * None when the admin does not exist.
   */
  readonly set: (adminId: string, permissions: ReadonlyArray<string>) => Effect.Effect<Option.Option<AdminRecord>, LastPermissionHolder>
  /**
   * Deletes the admin (hard delete), serialised like `set`; LastPermissionHolder when it is the last
   * editor. False when it did not exist.
   */
  readonly deleteAdmin: (adminId: string) => Effect.Effect<boolean, LastPermissionHolder>
}>() {}
