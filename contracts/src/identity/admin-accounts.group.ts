/**
 * Admin accounts (A 4.5) on the generic CRUD contract: list (generic list query), get, create,
 * bulk create (all or none, at most 100), patch, replace, delete; handle check and lookup; the
 * calling admin's notification preferences. Reads need the `admins.read` permission, writes
 * `admins.write` (403 `ADMIN_PERMISSION_REQUIRED` otherwise); preferences only the admin role.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Admin, Body, Bool, EmailAddress, Optional, PhoneNumber, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, crudEndpoints, op, Requires, Role } from "../common/index.js"

/** Lower-case letters, digits, dot, underscore; 3–30 characters. */
export const AdminHandle = Schema.String.pipe(
  Schema.filter((s) => /^[a-z0-9._]{3,30}$/.test(s)),
  Schema.annotations({
    ...says("must be 3 to 30 characters of lower-case letters, digits, dot or underscore"),
    jsonSchema: { type: "string", pattern: "^[a-z0-9._]{3,30}$", example: "asha.ops" }
  })
)

/** An admin in the CRUD answers; `permissions` appears with `join=permissions`. */
export const AdminRecordView = Schema.Struct({ ...Admin.fields, permissions: Schema.optional(Schema.Array(Schema.String)) }).annotations({ identifier: "AdminRecord" })

/** Body "Admin" of POST and PUT (PUT: absent optional fields are cleared). */
export const AdminBody = Body({
  phoneNumber: PhoneNumber,
  email: Optional(EmailAddress),
  firstName: Optional(StrLength(1, 100)),
  lastName: Optional(StrLength(1, 100)),
  handle: Optional(AdminHandle)
}).annotations({ identifier: "AdminInput" })

/** Body of PATCH: any subset of the fields. */
export const AdminPatchBody = Body({
  phoneNumber: Optional(PhoneNumber),
  email: Optional(EmailAddress),
  firstName: Optional(StrLength(1, 100)),
  lastName: Optional(StrLength(1, 100)),
  handle: Optional(AdminHandle)
}).annotations({ identifier: "AdminPatch" })

export const AdminCrud = crudEndpoints({
  name: "Admin",
  path: "/v2/admins",
  item: AdminRecordView,
  create: AdminBody,
  update: AdminPatchBody,
  maxBulk: 100,
  createStatus: 200
})

export const HandleCheckView = Schema.Struct({
  handle: Schema.String,
  valid: Schema.Boolean,
  available: Schema.Boolean,
  message: Schema.String
}).annotations({ identifier: "HandleCheck" })

const ChannelSwitches = Schema.Struct({ EMAIL: Schema.Boolean, SMS: Schema.Boolean, PUSH: Schema.Boolean, CHAT: Schema.Boolean })

/** The admin's notification preferences, every switch resolved (missing = enabled). */
export const AdminNotificationPreferencesView = Schema.Struct({
  channels: ChannelSwitches,
  categories: Schema.Record({ key: Schema.String, value: Schema.Boolean })
}).annotations({ identifier: "AdminNotificationPreferences" })

/** UpdateAdminNotificationPreferenceDto: switches to change; others keep their value. Unknown keys are refused. */
export const UpdateAdminNotificationPreferencesBody = Body({
  channels: Optional(
    Schema.Struct({ EMAIL: Optional(Bool), SMS: Optional(Bool), PUSH: Optional(Bool), CHAT: Optional(Bool) })
      .annotations({ parseOptions: { onExcessProperty: "error" } })
  ),
  categories: Optional(
    Schema.Struct({
      approvals: Optional(Bool),
      payouts: Optional(Bool),
      moderation: Optional(Bool),
      support: Optional(Bool),
      reports: Optional(Bool),
      system: Optional(Bool)
    }).annotations({ parseOptions: { onExcessProperty: "error" } })
  )
}).annotations({ identifier: "UpdateAdminNotificationPreferenceDto" })

export class AdminAccountsGroup extends HttpApiGroup.make("adminAccounts")
  // Literal sub-paths before `/v2/admins/:id`.
  .add(op.get("checkAdminHandle", "/v2/admins/handle/check", { query: Query({ handle: StrLength(1, 100) }), ok: HandleCheckView, summary: "Whether a handle is valid (3–30 of a-z, 0-9, dot, underscore) and free" }).annotate(Requires, AdminPermission("admins.read")))
  .add(op.get("getAdminByHandle", "/v2/admins/handle/:handle", { path: Schema.Struct({ handle: Schema.String }), ok: AdminRecordView, summary: "The admin with this handle" }).annotate(Requires, AdminPermission("admins.read")))
  .add(op.get("getAdminNotificationPreferences", "/v2/admins/notification-preferences/me", { ok: AdminNotificationPreferencesView, summary: "The calling admin's notification preferences (channels and categories)" }).annotate(Requires, Role("admin")))
  .add(op.patch("updateAdminNotificationPreferences", "/v2/admins/notification-preferences/me", { body: UpdateAdminNotificationPreferencesBody, ok: AdminNotificationPreferencesView, summary: "Change the calling admin's notification preferences; the sender honours them" }).annotate(Requires, Role("admin")))
  .add(AdminCrud.createMany.annotate(Requires, AdminPermission("admins.write")).annotate(OpenApi.Summary, "Create several admins in one transaction (all or none, at most 100)"))
  .add(AdminCrud.getMany.annotate(Requires, AdminPermission("admins.read")).annotate(OpenApi.Summary, "Admins with the generic list query (fields, s, filter, or, sort, join, limit, offset, page, cache)"))
  .add(AdminCrud.createOne.annotate(Requires, AdminPermission("admins.write")).annotate(OpenApi.Summary, "Create an admin (409 on a duplicate phone, e-mail or handle)"))
  .add(AdminCrud.getOne.annotate(Requires, AdminPermission("admins.read")).annotate(OpenApi.Summary, "One admin (fields, join=permissions, cache)"))
  .add(AdminCrud.updateOne.annotate(Requires, AdminPermission("admins.write")).annotate(OpenApi.Summary, "Change some fields of an admin"))
  .add(AdminCrud.replaceOne.annotate(Requires, AdminPermission("admins.write")).annotate(OpenApi.Summary, "Replace an admin's fields (absent optional fields are cleared)"))
  .add(AdminCrud.deleteOne.annotate(Requires, AdminPermission("admins.write")).annotate(OpenApi.Summary, "Delete an admin (hard delete; not yourself; their sessions end at once)"))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Admin accounts")
  .annotate(OpenApi.Description, "Administrator CRUD on the generic list query, handles and notification preferences; permissions admins.read / admins.write")
{}
