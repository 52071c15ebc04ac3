/**
 * The second-factor layers: TOTP and passkey repositories on Postgres, the secret box
 * keyed by ENCRYPTION_KEY (AES-256-GCM), PNG QR codes, the WebAuthn relying party from
 * configuration. (The audit log the admin TOTP operations write to is the shared AuditLogPg of the
 * infrastructure, `IdentityAudit` in identity.ts.)
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Identity } from "@podium/core"
import { PasskeyRepoMemory, TotpRepoMemory } from "@podium/core/testing"
import { PasskeyRepoPg, TotpRepoPg } from "@podium/postgres"
import { QrCodesPng, SecretBoxNode, WebAuthnSimple } from "@podium/providers"
import { Layer } from "effect"
import type { AppConfigShape } from "./config.js"

/** What the second factors add to the identity ports. */
export type SecondFactorPorts =
  | Identity.TotpRepo
  | Identity.PasskeyRepo
  | Identity.SecretBox
  | Identity.QrCodes
  | Identity.WebAuthn

const relyingParty = (config: AppConfigShape) =>
  config.webauthn ?? { rpId: "localhost", origins: [`http://localhost:${config.port}`], rpName: "Podium" }

/** Keys and providers of the second factors (no storage). */
export const secondFactorKeysLayer = (config: AppConfigShape) =>
  Layer.mergeAll(SecretBoxNode(config.secrets.encryptionKey), QrCodesPng, WebAuthnSimple(relyingParty(config)))

/** The second-factor ports on the database in context. */
export const secondFactorLayer = (config: AppConfigShape): Layer.Layer<SecondFactorPorts, never, SqlClient.SqlClient> =>
  Layer.mergeAll(secondFactorKeysLayer(config), TotpRepoPg, PasskeyRepoPg)

/** The same with memory repositories (identityServicesMemory). */
export const secondFactorMemory = (config: AppConfigShape): Layer.Layer<SecondFactorPorts> =>
  Layer.mergeAll(secondFactorKeysLayer(config), TotpRepoMemory, PasskeyRepoMemory)
