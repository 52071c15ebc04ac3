/**
 * Passkeys (WebAuthn, A 4.4): register for the caller (options, then the authenticator's response),
 * authenticate (without a bearer: a sign-in with a discoverable credential, answering the Verify-OTP
 * result or a second-factor step; with a bearer: a step-up of the current session), list and delete
 * the caller's passkeys. Challenges are single use and live 5 minutes. Athletes and admins only.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok, OptionalAuthenticated } from "../common/index.js"
import { DeletedResult, JsonObject, PasskeyAuthenticateOutcome, PasskeyView, WebAuthnOptions } from "./second-factor.dto.js"

export class PasskeysGroup extends HttpApiGroup.make("passkeys")
  .add(
    HttpApiEndpoint.post("passkeyRegisterOptions", "/v2/auth/passkey/register/options")
      .middleware(Authenticated)
      .addSuccess(Ok(WebAuthnOptions))
      .annotate(OpenApi.Summary, "Creation options for a new passkey of the caller")
  )
  .add(
    HttpApiEndpoint.post("passkeyRegisterVerify", "/v2/auth/passkey/register/verify")
      .middleware(Authenticated)
      .setPayload(Body({ response: JsonObject, name: Optional(StrLength(1, 100)) }))
      .addSuccess(Ok(PasskeyView))
      .annotate(OpenApi.Summary, "Verify the authenticator's registration response and store the passkey")
  )
  .add(
    HttpApiEndpoint.post("passkeyAuthenticateOptions", "/v2/auth/passkey/authenticate/options")
      .middleware(OptionalAuthenticated)
      .addSuccess(Ok(WebAuthnOptions))
      .annotate(OpenApi.Summary, "Request options: a sign-in challenge, or with a bearer a step-up challenge for the caller's passkeys")
  )
  .add(
    HttpApiEndpoint.post("passkeyAuthenticateVerify", "/v2/auth/passkey/authenticate/verify")
      .middleware(OptionalAuthenticated)
      .setPayload(Body({ response: JsonObject }))
      .addSuccess(Ok(PasskeyAuthenticateOutcome))
      .annotate(OpenApi.Summary, "Verify an assertion: signs in (no bearer) or steps up the current session (bearer)")
  )
  .add(
    HttpApiEndpoint.get("listPasskeys", "/v2/auth/passkey")
      .middleware(Authenticated)
      .addSuccess(Ok(Schema.Array(PasskeyView)))
      .annotate(OpenApi.Summary, "The caller's passkeys")
  )
  .add(
    HttpApiEndpoint.del("deletePasskey", "/v2/auth/passkey/:id")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ id: UuidStr }))
      .addSuccess(Ok(DeletedResult))
      .annotate(OpenApi.Summary, "Delete one of the caller's passkeys (404 for any other id)")
  )
  .annotate(OpenApi.Title, "Passkeys")
  .annotate(OpenApi.Description, "WebAuthn passkeys: registration, sign-in, step-up, list and delete")
{}
