/**
 * Admin accounts (A 4.5), first part: admin sign-in code, first-admin bootstrap and the caller's
 * admin record. Bootstrap needs header `x-bootstrap-token` equal to ADMIN_BOOTSTRAP_TOKEN (403 when
 * unset or wrong) and works only while no admin exists (409 afterwards).
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, Optional, PhoneNumber, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok, Requires, Role } from "../common/index.js"
import { SendOtpBody } from "./auth.group.js"
import { SendOtpNested } from "./sign-in.dto.js"

/** The Admin record. */
export const AdminView = Schema.Struct({
  id: Schema.String,
  phoneNumber: Schema.String,
  email: Schema.NullOr(Schema.String),
  firstName: Schema.NullOr(Schema.String),
  lastName: Schema.NullOr(Schema.String),
  handle: Schema.NullOr(Schema.String),
  status: Schema.String,
  totpEnabledAt: Schema.NullOr(Schema.Date),
  totpRequiredAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "Admin" })

/** CreateAdminDto of the bootstrap. */
export const CreateAdminBody = Body({
  phoneNumber: PhoneNumber,
  email: Optional(EmailAddress),
  firstName: Optional(StrLength(1, 100)),
  lastName: Optional(StrLength(1, 100))
})

export class AdminsGroup extends HttpApiGroup.make("admins")
  .add(
    HttpApiEndpoint.post("adminSendOtp", "/v2/admins/send-otp")
      .setPayload(SendOtpBody)
      .addSuccess(Ok(SendOtpNested, { status: 201, message: "OTP sent successfully" }))
      .annotate(OpenApi.Summary, "Send an admin sign-in code (same answer whether or not the admin exists)")
  )
  .add(
    HttpApiEndpoint.post("bootstrapAdmin", "/v2/admins/bootstrap")
      .setHeaders(Schema.Struct({ "x-bootstrap-token": Schema.optional(Schema.String) }))
      .setPayload(CreateAdminBody)
      .addSuccess(Ok(AdminView, { status: 201 }))
      .annotate(OpenApi.Summary, "Create the first admin (x-bootstrap-token; only while none exists)")
  )
  .add(
    HttpApiEndpoint.get("adminMe", "/v2/admins/me")
      .annotate(Requires, Role("admin"))
      .middleware(Authenticated)
      .addSuccess(Ok(AdminView))
      .annotate(OpenApi.Summary, "The calling admin")
  )
  .annotate(OpenApi.Title, "Admins")
  .annotate(OpenApi.Description, "Administrator accounts: sign-in code, first-admin bootstrap, the caller's record")
{}
