/**
 * The permission editor (A 4.5, A 5.4): every admin with their permissions, one admin's, and
 * setting one admin's. Needs the `admins.permissions` permission (or `*`). The change may not leave
 * nobody able to edit permissions (409 `LAST_PERMISSION_HOLDER`).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, says, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

export const PermissionInfoView = Schema.Struct({ key: Schema.String, description: Schema.String }).annotations({ identifier: "AdminPermissionInfo" })

export const AdminPermissionsView = Schema.Struct({
  adminId: Schema.String,
  phoneNumber: Schema.String,
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  handle: Schema.NullOr(Schema.String),
  status: Schema.String,
  permissions: Schema.Array(Schema.String)
}).annotations({ identifier: "AdminPermissions" })

export const PermissionEditorView = Schema.Struct({
  catalog: Schema.Array(PermissionInfoView),
  admins: Schema.Array(AdminPermissionsView)
}).annotations({ identifier: "AdminPermissionEditor" })

export const UpdateAdminPermissionsBody = Body({
  permissions: Schema.Array(Schema.String.pipe(Schema.filter((s) => /^(\*|[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+)$/.test(s))))
    .pipe(Schema.filter((a) => a.length <= 100))
    .annotations(says("must be a list of permission keys (see the catalog)"))
}).annotations({ identifier: "UpdateAdminPermissionsDto" })

export class AdminPermissionsGroup extends HttpApiGroup.make("adminPermissions")
  .add(op.get("listAdminPermissions", "/v2/admin-permissions", { ok: PermissionEditorView, summary: "Permission editor list: the catalog and every admin with their permissions" }))
  .add(op.get("getAdminPermissions", "/v2/admin-permissions/:id", { path: Schema.Struct({ id: UuidStr }), ok: AdminPermissionsView, summary: "Permissions of one admin" }))
  .add(op.patch("updateAdminPermissions", "/v2/admin-permissions/:id", { path: Schema.Struct({ id: UuidStr }), body: UpdateAdminPermissionsBody, ok: AdminPermissionsView, summary: "Set the permissions of one admin (replaces the list; audited)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("admins.permissions"))
  .annotate(OpenApi.Title, "Admin permissions")
  .annotate(OpenApi.Description, "Which admin may do what; permission admins.permissions")
{}
