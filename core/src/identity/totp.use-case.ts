/**
 * TOTP second factor of one account: enroll (pending secret + 10 recovery codes shown once),
 * confirm with a first code, verify codes (each step accepted once, recovery codes once), disable,
 * live status. Five wrong codes lock the account's code checks for 15 minutes.
 */
import { Clock, Duration, Effect, Option } from "effect"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { Hmac, SecretBox, SecureRandom } from "./crypto.port.js"
import type { AccountRef } from "./principal.model.js"
import {
  SecondFactorUnsupported,
  TotpAlreadyEnabled,
  TotpCodeInvalid,
  TotpLocked,
  TotpNotEnabled,
  TotpNotEnrolling
} from "./second-factor.errors.js"
import { QrCodes, TotpRepo } from "./second-factor.port.js"
import {
  base32Decode,
  base32Encode,
  base64UrlDecode,
  formatRecoveryCode,
  isTotpCode,
  matchingStep,
  normalizeRecoveryCode,
  otpauthUrl,
  SecondFactorKinds,
  TotpPolicy
} from "./totp.model.js"

const sealContext = (a: AccountRef) => `totp:${a.kind}:${a.id}`
const recoveryPurpose = (a: AccountRef) => `totp-recovery:${a.kind}:${a.id}`
const lockKey = (a: AccountRef) => `identity:totp-lock:${a.kind}:${a.id}`
const failuresKey = (a: AccountRef) => `identity:totp-failures:${a.kind}:${a.id}`

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Fails unless the account kind can hold second factors (athletes and admins). */
export const requireSecondFactorKind = (account: AccountRef) =>
  (SecondFactorKinds as ReadonlyArray<string>).includes(account.kind)
    ? Effect.void
    : Effect.fail(new SecondFactorUnsupported({ kind: account.kind }))

const checkLock = (account: AccountRef) =>
  Effect.flatMap(TtlCache, (cache) => cache.ttl(lockKey(account))).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.void,
      onSome: (left) => Effect.fail(new TotpLocked({ retryAfterMs: Math.max(1, Duration.toMillis(left)) }))
    }))
  )

/** Counts a wrong code; the fifth within the window locks further checks. Always fails. */
const recordFailure = (account: AccountRef) =>
  Effect.gen(function*() {
    const cache = yield* TtlCache
    const failures = yield* cache.incr(failuresKey(account), { ttl: Duration.seconds(TotpPolicy.lockSeconds) })
    if (failures >= TotpPolicy.maxFailures) {
      yield* cache.set(lockKey(account), "1", Duration.seconds(TotpPolicy.lockSeconds))
      yield* cache.delete(failuresKey(account))
    }
    return yield* new TotpCodeInvalid()
  })

const clearFailures = (account: AccountRef) => Effect.flatMap(TtlCache, (cache) => cache.delete(failuresKey(account)))

const openSecret = (account: AccountRef, sealed: string) =>
  Effect.map(Effect.flatMap(SecretBox, (box) => box.open(sealed, sealContext(account))), base32Decode)

/**
 * Checks a code against the account's enabled factor: a 6-digit authenticator code (its step must
 * be newer than the last accepted one, so a code works once) or, when allowed, a recovery code
 * (single use). Wrong codes count towards the lock.
 */
export const verifySecondFactorCode = Effect.fn("identity.totp.verifyCode")(function*(
  account: AccountRef,
  code: string,
  options: { readonly allowRecovery: boolean }
) {
  yield* checkLock(account)
  const repo = yield* TotpRepo
  const state = yield* repo.find(account)
  if (Option.isNone(state) || state.value.secretSealed === null) return yield* new TotpNotEnabled()
  let accepted = false
  let method: "totp" | "recovery" = "totp"
  if (isTotpCode(code)) {
    const secret = yield* openSecret(account, state.value.secretSealed)
    const step = yield* matchingStep(secret, code.trim(), yield* Clock.currentTimeMillis)
    accepted = step !== undefined && (yield* repo.useStep(account, step))
  } else if (options.allowRecovery) {
    method = "recovery"
    const normalized = normalizeRecoveryCode(code)
    if (/^\d{10}$/.test(normalized)) {
      const hash = yield* Effect.flatMap(Hmac, (hmac) => hmac.digest(recoveryPurpose(account), normalized))
      accepted = yield* repo.useRecoveryCode(account, hash, yield* nowDate)
    }
  }
  if (!accepted) return yield* recordFailure(account)
  yield* clearFailures(account)
  return { method }
})

/** What enrollment shows once: the secret (manual entry), the otpauth URL, its QR code and the recovery codes. */
export interface TotpEnrollment {
  readonly secret: string
  readonly otpauthUrl: string
  readonly qrCode: string
  readonly recoveryCodes: ReadonlyArray<string>
}

/**
 * Starts (or restarts) enrollment: a fresh 160-bit secret sealed at rest, 10 recovery codes stored
 * as keyed hashes. TOTP stays off until `confirmTotp`. `label` names the account in the app.
 */
export const enrollTotp = Effect.fn("identity.totp.enroll")(function*(account: AccountRef, label: string) {
  yield* requireSecondFactorKind(account)
  const repo = yield* TotpRepo
  const current = yield* repo.find(account)
  if (Option.isSome(current) && current.value.enabledAt !== null) return yield* new TotpAlreadyEnabled()
  const random = yield* SecureRandom
  const hmac = yield* Hmac
  const secret = base32Encode(base64UrlDecode(yield* random.token(TotpPolicy.secretBytes)).slice(0, TotpPolicy.secretBytes))
  const sealed = yield* Effect.flatMap(SecretBox, (box) => box.seal(secret, sealContext(account)))
  const codes = yield* Effect.all(Array.from({ length: TotpPolicy.recoveryCodes }, () => random.digits(10)))
  const hashes = yield* Effect.forEach(codes, (c) => hmac.digest(recoveryPurpose(account), c))
  if (!(yield* repo.savePending(account, sealed, hashes, yield* nowDate))) return yield* new TotpAlreadyEnabled()
  const url = otpauthUrl(secret, label)
  const qrCode = yield* Effect.flatMap(QrCodes, (qr) => qr.pngDataUri(url))
  return { secret, otpauthUrl: url, qrCode, recoveryCodes: codes.map(formatRecoveryCode) } satisfies TotpEnrollment
})

/** Confirms enrollment with a first authenticator code; sets totpEnabledAt. The code's step counts as used. */
export const confirmTotp = Effect.fn("identity.totp.confirm")(function*(account: AccountRef, code: string) {
  yield* requireSecondFactorKind(account)
  yield* checkLock(account)
  const repo = yield* TotpRepo
  const state = yield* repo.find(account)
  if (Option.isNone(state) || state.value.pendingSecretSealed === null) {
    return yield* (Option.isSome(state) && state.value.enabledAt !== null ? new TotpAlreadyEnabled() : new TotpNotEnrolling())
  }
  const pending = state.value.pendingSecretSealed
  const secret = yield* openSecret(account, pending)
  const step = isTotpCode(code) ? yield* matchingStep(secret, code.trim(), yield* Clock.currentTimeMillis) : undefined
  if (step === undefined) return yield* recordFailure(account)
  const enabledAt = yield* repo.enable(account, pending, step, yield* nowDate)
  if (Option.isNone(enabledAt)) return yield* new TotpNotEnrolling()
  yield* clearFailures(account)
  return enabledAt.value
})

/** Turns TOTP off with a current code or a recovery code; removes the secret and the recovery codes. */
export const disableTotp = Effect.fn("identity.totp.disable")(function*(account: AccountRef, code: string) {
  yield* requireSecondFactorKind(account)
  yield* verifySecondFactorCode(account, code, { allowRecovery: true })
  yield* Effect.flatMap(TotpRepo, (repo) => repo.clear(account))
})

/** Live TOTP status of an account (read from the store, never from a token). */
export const totpStatus = Effect.fn("identity.totp.status")(function*(account: AccountRef) {
  const state = yield* Effect.flatMap(TotpRepo, (repo) => repo.find(account))
  const requiredAt = account.kind === "admin"
    ? yield* Effect.flatMap(TotpRepo, (repo) => repo.adminRequiredAt(account.id))
    : Option.none<Date>()
  return {
    enabled: Option.isSome(state) && state.value.enabledAt !== null,
    enabledAt: Option.isSome(state) ? state.value.enabledAt : null,
    pendingEnrollment: Option.isSome(state) && state.value.pendingSecretSealed !== null,
    recoveryCodesRemaining: Option.isSome(state) && state.value.enabledAt !== null ? state.value.recoveryCodesRemaining : 0,
    required: Option.isSome(requiredAt),
    requiredAt: Option.getOrNull(requiredAt)
  }
})
