/**
 * Admin TOTP policy (A 4.5): require TOTP of an admin (sets or clears totpRequiredAt; an admin with
 * it and no TOTP must enroll at the next sign-in, which answers `{totpEnrollmentRequired, mfaToken}`),
 * and reset an admin's TOTP (secret and recovery codes removed, enrollment forced again, the
 * target's sessions revoked; never the caller: 403 `TOTP_RESET_SELF`, self-service is
 * /v2/auth/totp/disable). Both need `x-correlation-id` (400 otherwise) and write an audit row.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { AdminView } from "./admins.group.js"
import { CorrelationIdHeaders } from "./impersonation.group.js"

export class AdminTotpGroup extends HttpApiGroup.make("adminTotp")
  .add(op.post("requireAdminTotp", "/v2/admin/admins/:adminId/require-totp", { path: Schema.Struct({ adminId: UuidStr }), body: Body({ required: Bool }), headers: CorrelationIdHeaders, ok: AdminView, summary: "Set or clear totpRequiredAt of an admin (forces enrollment at next sign-in)" }))
  .add(op.post("resetAdminTotp", "/v2/admin/admins/:adminId/reset-totp", { path: Schema.Struct({ adminId: UuidStr }), headers: CorrelationIdHeaders, ok: AdminView, summary: "Clear another admin's TOTP, force enrollment again and revoke its sessions" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("admins.security"))
  .annotate(OpenApi.Title, "Admin security: TOTP")
  .annotate(OpenApi.Description, "Admin TOTP enforcement and reset (x-correlation-id required; audited)")
{}
