/**
 * The caller's linked sign-in methods and e-mail verification (A 4.4). Removing a method is refused
 * with 409 LAST_SIGN_IN_METHOD when nothing would remain, CONTACT_REQUIRED when an athlete would keep
 * neither a phone number nor an e-mail address. Verification links are single use and live 24 hours.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

export const IdentityView = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  subject: Schema.NullOr(Schema.String),
  verified: Schema.Boolean,
  linkedAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "LinkedIdentity" })

export const IdentityRemoved = Schema.Struct({
  message: Schema.String,
  id: Schema.String
}).annotations({ identifier: "IdentityRemoved" })

export const VerificationQueued = Schema.Struct({
  message: Schema.String,
  email: Schema.String,
  expiresAt: Schema.Date
}).annotations({ identifier: "EmailVerificationQueued" })

export const EmailVerified = Schema.Struct({
  message: Schema.String,
  email: Schema.String,
  verified: Schema.Boolean
}).annotations({ identifier: "EmailVerified" })

const IdentityId = Schema.String.pipe(
  Schema.filter((s) => s === "phone" || s === "email" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)),
  Schema.annotations(says("must be phone, email or a UUID"))
)

export class IdentitiesGroup extends HttpApiGroup.make("identities")
  .add(op.get("listIdentities", "/v2/auth/identities", { ok: Schema.Array(IdentityView), summary: "The caller's sign-in methods: phone, e-mail (with verification state), linked identity-provider identities" }).middleware(Authenticated))
  .add(op.del("unlinkIdentity", "/v2/auth/identities/:id", { path: Schema.Struct({ id: IdentityId }), ok: IdentityRemoved, summary: "Remove one of the caller's sign-in methods (`phone`, `email` or a linked identity id); never the last one" }).middleware(Authenticated))
  .add(op.post("sendEmailVerification", "/v2/auth/email/send-verification", { ok: VerificationQueued, summary: "Queue a verification link to the caller's e-mail address (one per minute; valid 24 hours, single use)" }).middleware(Authenticated))
  .add(op.get("verifyEmail", "/v2/auth/email/verify", { query: Query({ token: StrLength(1, 512) }), ok: EmailVerified, summary: "Open a verification link: marks the address verified (public; single use)" }))
  .annotate(OpenApi.Title, "Linked identities")
  .annotate(OpenApi.Description, "The caller's sign-in methods and e-mail verification")
{}
