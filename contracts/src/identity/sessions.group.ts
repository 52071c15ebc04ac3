/** The caller's sessions (A 4.4): list active and revoked, revoke one, revoke all others. */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

export const SessionView = Schema.Struct({
  id: Schema.String,
  accountKind: Schema.String,
  role: Schema.String,
  current: Schema.Boolean,
  active: Schema.Boolean,
  createdAt: Schema.Date,
  lastUsedAt: Schema.Date,
  revokedAt: Schema.NullOr(Schema.Date),
  revokeReason: Schema.NullOr(Schema.String),
  userAgent: Schema.NullOr(Schema.String),
  ip: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Session" })

export const RevokeResult = Schema.Struct({
  message: Schema.String,
  revoked: Schema.Int
}).annotations({ identifier: "RevokeResult" })

export class SessionsGroup extends HttpApiGroup.make("sessions")
  .add(op.get("listSessions", "/v2/auth/sessions", { ok: Schema.Array(SessionView), summary: "Active and revoked sessions of the caller, newest first" }))
  .add(op.del("revokeSession", "/v2/auth/sessions/:id", { path: Schema.Struct({ id: UuidStr }), ok: RevokeResult, summary: "Revoke one of the caller's sessions" }))
  .add(op.post("revokeOtherSessions", "/v2/auth/sessions/revoke-others", { ok: RevokeResult, summary: "Revoke every session of the caller except the current one" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Sessions")
  .annotate(OpenApi.Description, "The caller's sign-in sessions; a revoked session's tokens are refused at once")
{}
