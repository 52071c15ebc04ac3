/**
 * Passkeys (WebAuthn, A 4.4): register for the caller (options, then the authenticator's response),
 * authenticate (without a bearer: a sign-in with a discoverable credential, answering the Verify-OTP
 * result or a second-factor step; with a bearer: a step-up of the current session), list and delete
 * the caller's passkeys. Challenges are single use and live 5 minutes. Athletes and admins only.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OptionalAuthenticated } from "../common/index.js"
import { DeletedResult, JsonObject, PasskeyAuthenticateOutcome, PasskeyView, WebAuthnOptions } from "./second-factor.dto.js"

export class PasskeysGroup extends HttpApiGroup.make("passkeys")
  .add(op.post("passkeyRegisterOptions", "/v2/auth/passkey/register/options", { ok: WebAuthnOptions, summary: "Creation options for a new passkey of the caller" }).middleware(Authenticated))
  .add(op.post("passkeyRegisterVerify", "/v2/auth/passkey/register/verify", { body: Body({ response: JsonObject, name: Optional(StrLength(1, 100)) }), ok: PasskeyView, summary: "Verify the authenticator's registration response and store the passkey" }).middleware(Authenticated))
  .add(op.post("passkeyAuthenticateOptions", "/v2/auth/passkey/authenticate/options", { ok: WebAuthnOptions, summary: "Request options: a sign-in challenge, or with a bearer a step-up challenge for the caller's passkeys" }).middleware(OptionalAuthenticated))
  .add(op.post("passkeyAuthenticateVerify", "/v2/auth/passkey/authenticate/verify", { body: Body({ response: JsonObject }), ok: PasskeyAuthenticateOutcome, summary: "Verify an assertion: signs in (no bearer) or steps up the current session (bearer)" }).middleware(OptionalAuthenticated))
  .add(op.get("listPasskeys", "/v2/auth/passkey", { ok: Schema.Array(PasskeyView), summary: "The caller's passkeys" }).middleware(Authenticated))
  .add(op.del("deletePasskey", "/v2/auth/passkey/:id", { path: Schema.Struct({ id: UuidStr }), ok: DeletedResult, summary: "Delete one of the caller's passkeys (404 for any other id)" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Passkeys")
  .annotate(OpenApi.Description, "WebAuthn passkeys: registration, sign-in, step-up, list and delete")
{}
