/**
 * The WebAuthn relying party on @simplewebauthn/server: options for registration (attestation
 * "none", resident key preferred, user verification preferred, ES256/EdDSA/RS256) and
 * authentication, and verification of both ceremonies against the configured RP id and origin.
 */
import { Identity } from "@podium/core"
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse
} from "@simplewebauthn/server"
import { Effect, Layer, Option } from "effect"

export interface RelyingParty {
  /** WEBAUTHN_RP_ID: the registrable domain (`localhost` in development). */
  readonly rpId: string
  /** WEBAUTHN_ORIGIN: the exact origin(s) the browser reports (`http://localhost:3000`). */
  readonly origins: ReadonlyArray<string>
  readonly rpName: string
}

const TimeoutMs = 5 * 60 * 1000

const transports = (list: ReadonlyArray<string>) => list as Array<AuthenticatorTransportFuture>

const fail = (reason: string) => new Identity.PasskeyInvalid({ reason })

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined

export const makeWebAuthnSimple = (rp: RelyingParty): Identity.WebAuthn["Type"] =>
  Identity.WebAuthn.of({
    registrationOptions: (input) =>
      Effect.promise(() =>
        generateRegistrationOptions({
          rpName: rp.rpName,
          rpID: rp.rpId,
          userName: input.userName,
          userDisplayName: input.userDisplayName,
          userID: new TextEncoder().encode(input.userId),
          timeout: TimeoutMs,
          attestationType: "none",
          excludeCredentials: input.exclude.map((c) => ({ id: c.credentialId, transports: transports(c.transports) })),
          authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" }
        })
      ).pipe(Effect.map((options) => ({ options: options as unknown as Record<string, unknown>, challenge: options.challenge }))),
    verifyRegistration: (input) =>
      Effect.tryPromise({
        try: () =>
          verifyRegistrationResponse({
            response: input.response as RegistrationResponseJSON,
            expectedChallenge: input.expectedChallenge,
            expectedOrigin: [...rp.origins],
            expectedRPID: rp.rpId,
            requireUserVerification: false
          }),
        catch: (cause) => fail(cause instanceof Error ? cause.message : "registration did not verify")
      }).pipe(
        Effect.flatMap((result) =>
          result.verified
            ? Effect.succeed({
              credentialId: result.registrationInfo.credential.id,
              publicKey: Buffer.from(result.registrationInfo.credential.publicKey).toString("base64url"),
              counter: result.registrationInfo.credential.counter,
              transports: result.registrationInfo.credential.transports ?? [],
              deviceType: result.registrationInfo.credentialDeviceType,
              backedUp: result.registrationInfo.credentialBackedUp
            })
            : Effect.fail(fail("registration did not verify"))
        )
      ),
    authenticationOptions: (input) =>
      Effect.promise(() =>
        generateAuthenticationOptions({
          rpID: rp.rpId,
          timeout: TimeoutMs,
          userVerification: "preferred",
          allowCredentials: input.allow.map((c) => ({ id: c.credentialId, transports: transports(c.transports) }))
        })
      ).pipe(Effect.map((options) => ({ options: options as unknown as Record<string, unknown>, challenge: options.challenge }))),
    inspect: (response) => {
      const body = asRecord(response)
      const inner = asRecord(body?.response)
      if (typeof body?.id !== "string" || typeof inner?.clientDataJSON !== "string") return Option.none()
      try {
        const client = JSON.parse(Buffer.from(inner.clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown }
        return typeof client.challenge === "string" && client.challenge !== ""
          ? Option.some({ challenge: client.challenge, credentialId: body.id })
          : Option.none()
      } catch {
        return Option.none()
      }
    },
    verifyAuthentication: (input) =>
      Effect.tryPromise({
        try: () =>
          verifyAuthenticationResponse({
            response: input.response as AuthenticationResponseJSON,
            expectedChallenge: input.expectedChallenge,
            expectedOrigin: [...rp.origins],
            expectedRPID: rp.rpId,
            credential: {
              id: input.credential.credentialId,
              publicKey: new Uint8Array(Buffer.from(input.credential.publicKey, "base64url")),
              counter: input.credential.counter,
              transports: transports(input.credential.transports)
            },
            requireUserVerification: false
          }),
        catch: (cause) => fail(cause instanceof Error ? cause.message : "assertion did not verify")
      }).pipe(
        Effect.flatMap((result) =>
          result.verified
            ? Effect.succeed({ newCounter: result.authenticationInfo.newCounter, userVerified: result.authenticationInfo.userVerified })
            : Effect.fail(fail("assertion did not verify"))
        )
      )
  })

export const WebAuthnSimple = (rp: RelyingParty): Layer.Layer<Identity.WebAuthn> =>
  Layer.sync(Identity.WebAuthn, () => makeWebAuthnSimple(rp))
