/**
 * DEVELOPMENT ONLY: the inbox of one phone number or e-mail address — what the local recording
 * provider "sent" it (sign-in codes included), so a first sign-in needs no admin and no real SMS
 * or e-mail provider. Public on purpose, and therefore served only by the development API, which
 * the host does not route when APP_ENV is `production` (the path answers 404 there).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { op } from "../common/index.js"
import { PublicChannels } from "./notifications.dto.js"

export const DevInboxMessage = Schema.Struct({
  channel: Schema.Literal(...PublicChannels),
  to: Schema.String,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  /** The first 4–8 digit number of the body: the sign-in code of an OTP message. */
  code: Schema.NullOr(Schema.String),
  at: Schema.Date
}).annotations({ identifier: "DevInboxMessage" })

export const DevInboxParams = Schema.Struct({
  to: StrLength(1, 320),
  limit: Schema.optionalWith(IntFromText(1, 100), { exact: true })
})

export const DemoAccountView = Schema.Struct({
  role: Schema.Literal("admin", "athlete", "organizer"),
  id: Schema.String,
  phoneNumber: Schema.String,
  created: Schema.Boolean
}).annotations({ identifier: "DemoAccount" })

export class DevInboxGroup extends HttpApiGroup.make("devInbox")
  .add(op.get("devInbox", "/v2/dev/inbox", { query: DevInboxParams, ok: Schema.Array(DevInboxMessage), summary: "DEVELOPMENT ONLY: messages recorded for one phone number or e-mail address, newest first, with the sign-in code" }).annotate(OpenApi.Description, "Not routed when APP_ENV=production. `to` is the address as the message was sent: a phone number in E.164 (`+919876543210`; a `+` left unencoded in the query string is accepted) or an e-mail address. Only channels served by the local recorder (no provider configured) appear here."))
  .add(op.post("devSeed", "/v2/dev/seed", { ok: Schema.Struct({ accounts: Schema.Array(DemoAccountView), guide: Schema.String }), status: 201, summary: "DEVELOPMENT ONLY: create the demo admin, athlete and organizer (idempotent) and answer how to sign in as each" }).annotate(OpenApi.Description, "Not routed when APP_ENV=production. What `pnpm cli seed` does; the CLI calls this route when the running host holds the embedded database."))
  .annotate(OpenApi.Title, "Development inbox")
  .annotate(OpenApi.Description, "DEVELOPMENT ONLY (not routed in production): demo accounts, and the codes and messages the local recorder kept, without an admin")
{}
