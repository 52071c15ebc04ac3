/**
 * Impersonation (A 4.5, A 5.7): an admin with `users.impersonate` gets a 15-minute USER-role token
 * for an athlete (never an admin), with a logged reason (10–500 characters) and the request's
 * `x-correlation-id` (required, 400 otherwise). The token's `act` claim names the admin; ending the
 * impersonation revokes it at once. Impersonation tokens cannot impersonate.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires, Role } from "../common/index.js"

/** The required `x-correlation-id` header of admin security operations. */
export const CorrelationIdHeaders = Query({
  "x-correlation-id": Schema.String.pipe(
    Schema.filter((s) => /^[A-Za-z0-9._:-]{1,128}$/.test(s)),
    Schema.annotations(says("must be 1 to 128 letters, digits or . _ : -"))
  )
})

export const ImpersonateBody = Body({ reason: StrLength(10, 500) }).annotations({ identifier: "ImpersonateDto" })

export const ImpersonationStarted = Schema.Struct({
  accessToken: Schema.String,
  expiresAt: Schema.Date,
  impersonationId: Schema.String
}).annotations({ identifier: "ImpersonationStarted" })

export const EndImpersonationBody = Body({ impersonationId: Optional(UuidStr) }).annotations({ identifier: "EndImpersonationDto" })

export const ImpersonationEnded = Schema.Struct({
  message: Schema.String,
  impersonationId: Schema.String,
  adminId: Schema.String,
  userId: Schema.String,
  startedAt: Schema.Date,
  endedAt: Schema.Date
}).annotations({ identifier: "ImpersonationEnded" })

export class ImpersonationGroup extends HttpApiGroup.make("impersonation")
  .add(op.post("impersonateUser", "/v2/admin/users/:userId/impersonate", { path: Schema.Struct({ userId: UuidStr }), body: ImpersonateBody, headers: CorrelationIdHeaders, ok: ImpersonationStarted, status: 201, summary: "Impersonate an athlete: a 15-minute USER-role token with the admin in `act` (audited)" }).annotate(Requires, AdminPermission("users.impersonate", {
        impersonating: { code: "IMPERSONATION_CHAIN_REFUSED", message: "An impersonation token cannot start another impersonation" }
      })))
  .add(op.post("endImpersonation", "/v2/admin/impersonation/end", { body: EndImpersonationBody, headers: CorrelationIdHeaders, ok: ImpersonationEnded, status: 201, summary: "End the caller's impersonation (or the one named); its token is refused at once" }).annotate(Requires, Role("admin")))
  .middleware(Authenticated)
  // The identity error mapping can answer these too (it covers the whole context).
  .annotate(OpenApi.Title, "Impersonation")
  .annotate(OpenApi.Description, "Admins acting as athletes, with reason, correlation id, audit rows and immediate revocation")
{}
