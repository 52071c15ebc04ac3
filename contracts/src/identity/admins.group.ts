/**
 * Admin accounts (A 4.5), first part: admin sign-in code, first-admin bootstrap and the caller's
 * admin record. Bootstrap needs header `x-bootstrap-token` equal to ADMIN_BOOTSTRAP_TOKEN (403 when
 * unset or wrong) and works only while no admin exists (409 afterwards).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Admin, Body, EmailAddress, Optional, PhoneNumber, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { SendOtpBody } from "./auth.group.js"
import { SendOtpNested } from "./sign-in.dto.js"

/** The Admin record. */
export const AdminView = Admin.annotations({ identifier: "Admin" })

/** CreateAdminDto of the bootstrap. */
export const CreateAdminBody = Body({
  phoneNumber: PhoneNumber,
  email: Optional(EmailAddress),
  firstName: Optional(StrLength(1, 100)),
  lastName: Optional(StrLength(1, 100))
})

export class AdminsGroup extends HttpApiGroup.make("admins")
  .add(op.post("adminSendOtp", "/v2/admins/send-otp", { body: SendOtpBody, ok: SendOtpNested, status: 201, message: "OTP sent successfully", summary: "Send an admin sign-in code (same answer whether or not the admin exists)" }))
  .add(op.post("bootstrapAdmin", "/v2/admins/bootstrap", { body: CreateAdminBody, headers: Schema.Struct({ "x-bootstrap-token": Schema.optional(Schema.String) }), ok: AdminView, status: 201, summary: "Create the first admin (x-bootstrap-token; only while none exists)" }))
  .add(op.get("adminMe", "/v2/admins/me", { ok: AdminView, summary: "The calling admin" }).annotate(Requires, Role("admin")).middleware(Authenticated))
  .annotate(OpenApi.Title, "Admins")
  .annotate(OpenApi.Description, "Administrator accounts: sign-in code, first-admin bootstrap, the caller's record")
{}
