/**
 * Step-up of the caller's current session (A 5.6): a fresh phone OTP (sent first with
 * /v2/auth/send-otp to the account's phone), a TOTP code, or a passkey assertion (passkey.use-case)
 * marks the session stepped-up for 5 minutes. Sensitive operations declare `StepUp` on their contract,
 * and the auth guard checks it.
 */
import { Effect, Option } from "effect"
import { consumeOtp } from "./otp.use-case.js"
import type { Principal } from "./principal.model.js"
import { StepUpMethodUnavailable } from "./second-factor.errors.js"
import { describeAccount } from "./sign-in.use-case.js"
import { markSteppedUp, refuseImpersonated } from "./step-up.model.js"
import { verifySecondFactorCode } from "./totp.use-case.js"

/** Step-up with a phone code sent to the account's own phone number. */
export const stepUpWithOtp = Effect.fn("identity.stepUp.otp")(function*(principal: Principal, otp: string) {
  yield* refuseImpersonated(principal)
  const profile = yield* describeAccount(principal)
  const phone = Option.flatMap(profile, (p) => Option.fromNullable(p.phoneNumber))
  if (Option.isNone(phone)) {
    return yield* new StepUpMethodUnavailable({ method: "otp", message: "This account has no phone number to send a code to" })
  }
  yield* consumeOtp({ kind: "phone", identifier: phone.value, code: otp })
  return yield* markSteppedUp(principal.sessionId)
})

/** Step-up with a current authenticator code (recovery codes are for signing in, not for step-up). */
export const stepUpWithTotp = Effect.fn("identity.stepUp.totp")(function*(principal: Principal, code: string) {
  yield* refuseImpersonated(principal)
  yield* verifySecondFactorCode({ kind: principal.accountKind, id: principal.accountId }, code, { allowRecovery: false }).pipe(
    Effect.catchTag("TotpNotEnabled", () =>
      Effect.fail(new StepUpMethodUnavailable({ method: "totp", message: "TOTP is not enabled for this account" })))
  )
  return yield* markSteppedUp(principal.sessionId)
})
