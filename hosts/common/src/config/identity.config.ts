/**
 * Identity providers. Provider A (ID-token sign-in): IDENTITY_PROVIDER_A_ISSUER (comma
 * list), _JWKS_URL, _CLIENT_IDS (comma list). Provider B (Apple-style code exchange): the same three
 * plus _TOKEN_URL, _TEAM_ID, _KEY_ID, _PRIVATE_KEY (PKCS#8 PEM of a P-256 key; "\n" escapes allowed),
 * and optionally _REDIRECT_URI (the callback URL registered with the provider) and _RETURN_URL
 * (where the browser flow lands with its exchange code; unset: no browser flow). A provider with
 * none of its variables set is unconfigured; a partial set fails at start naming the missing one.
 * EMAIL_VERIFICATION_URL: the public URL of GET /v2/auth/email/verify put in verification e-mails.
 *
 * Passkeys (second factors): the WebAuthn relying party. WEBAUTHN_RP_ID is the registrable
 * domain the credentials are bound to (default `localhost`); WEBAUTHN_ORIGIN the exact origin(s) the
 * browser reports, comma-separated (default `http://localhost:<PORT>`); WEBAUTHN_RP_NAME the name
 * authenticators show (default `Podium`).
 */
import type { IdentityProviderSettings } from "@podium/providers"
import { createPrivateKey } from "node:crypto"
import { Config, ConfigError, Effect, Option, Redacted } from "effect"
import { channelSettings, optionalText } from "./variables.js"

/** Settings of both identity providers plus the verification link base. */
export interface IdentityProvidersConfig extends IdentityProviderSettings {
  readonly emailVerificationUrl: string
}

const commaList = (value: string) => value.split(",").map((v) => v.trim()).filter((v) => v !== "")

const httpUrl = (name: string, value: string) =>
  /^https?:\/\/\S+$/.test(value) ? Effect.void : Effect.fail(ConfigError.InvalidData([name], "Expected an http:// or https:// URL"))

/** Whether a PEM text is a P-256 private key (what ES256 client secrets need). */
const isP256PrivateKey = (pem: string) => {
  try {
    const key = createPrivateKey(pem)
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1"
  } catch {
    return false
  }
}

/** The identity-provider variables (see above). */
export const loadIdentityProvidersConfig = (port: number): Effect.Effect<IdentityProvidersConfig, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const a = yield* channelSettings(
      { issuers: "IDENTITY_PROVIDER_A_ISSUER", jwksUrl: "IDENTITY_PROVIDER_A_JWKS_URL", clientIds: "IDENTITY_PROVIDER_A_CLIENT_IDS" },
      "jwksUrl"
    )
    const b = yield* channelSettings(
      {
        issuers: "IDENTITY_PROVIDER_B_ISSUER",
        jwksUrl: "IDENTITY_PROVIDER_B_JWKS_URL",
        tokenUrl: "IDENTITY_PROVIDER_B_TOKEN_URL",
        clientIds: "IDENTITY_PROVIDER_B_CLIENT_IDS",
        teamId: "IDENTITY_PROVIDER_B_TEAM_ID",
        keyId: "IDENTITY_PROVIDER_B_KEY_ID",
        privateKey: "IDENTITY_PROVIDER_B_PRIVATE_KEY"
      },
      "jwksUrl"
    )
    let pem = ""
    if (Option.isSome(b)) {
      yield* httpUrl("IDENTITY_PROVIDER_B_TOKEN_URL", b.value.tokenUrl)
      pem = b.value.privateKey.replace(/\\n/g, "\n")
      if (!isP256PrivateKey(pem)) {
        return yield* Effect.fail(ConfigError.InvalidData(["IDENTITY_PROVIDER_B_PRIVATE_KEY"], "Expected the PKCS#8 PEM of a P-256 (ES256) private key"))
      }
    }
    const redirectUri = Option.map(yield* optionalText("IDENTITY_PROVIDER_B_REDIRECT_URI"), (u) => u.trim())
    if (Option.isSome(redirectUri)) yield* httpUrl("IDENTITY_PROVIDER_B_REDIRECT_URI", redirectUri.value)
    const returnUrl = Option.map(yield* optionalText("IDENTITY_PROVIDER_B_RETURN_URL"), (u) => u.trim())
    if (Option.isSome(returnUrl)) yield* httpUrl("IDENTITY_PROVIDER_B_RETURN_URL", returnUrl.value)
    const emailVerificationUrl = yield* Config.string("EMAIL_VERIFICATION_URL").pipe(
      Config.withDefault(`http://localhost:${port}/v2/auth/email/verify`)
    )
    yield* httpUrl("EMAIL_VERIFICATION_URL", emailVerificationUrl)
    return {
      a: Option.map(a, (v) => ({ issuers: commaList(v.issuers), jwksUrl: v.jwksUrl, clientIds: commaList(v.clientIds) })),
      b: Option.map(b, (v) => ({
        issuers: commaList(v.issuers),
        jwksUrl: v.jwksUrl,
        clientIds: commaList(v.clientIds),
        tokenUrl: v.tokenUrl,
        teamId: v.teamId,
        keyId: v.keyId,
        privateKey: Redacted.make(pem),
        redirectUri,
        returnUrl
      })),
      emailVerificationUrl
    }
  })



export interface WebAuthnSettings {
  readonly rpId: string
  readonly origins: ReadonlyArray<string>
  readonly rpName: string
}

export const loadWebAuthnSettings = (port: number): Effect.Effect<WebAuthnSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const rpId = (yield* Config.string("WEBAUTHN_RP_ID").pipe(Config.withDefault("localhost"))).trim()
    if (!/^[a-z0-9.-]+$/i.test(rpId)) {
      return yield* Effect.fail(ConfigError.InvalidData(["WEBAUTHN_RP_ID"], "Expected a domain name such as podium.example"))
    }
    const originsText = yield* Config.string("WEBAUTHN_ORIGIN").pipe(Config.withDefault(`http://localhost:${port}`))
    const origins = originsText.split(",").map((o) => o.trim()).filter((o) => o !== "")
    const bad = origins.find((o) => !/^https?:\/\/[^/\s]+$/.test(o))
    if (origins.length === 0 || bad !== undefined) {
      return yield* Effect.fail(ConfigError.InvalidData(["WEBAUTHN_ORIGIN"], `Expected origins such as https://podium.example, got "${bad ?? originsText}"`))
    }
    const rpName = yield* Config.string("WEBAUTHN_RP_NAME").pipe(Config.withDefault("Podium"))
    return { rpId, origins, rpName }
  })
