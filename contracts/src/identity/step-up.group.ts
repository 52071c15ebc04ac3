/**
 * Step-up (A 4.4, A 5.6): re-verify the caller with exactly one of a fresh phone OTP (`otp`, sent
 * first with /v2/auth/send-otp to the account's phone), a TOTP code (`code`) or a passkey assertion
 * (`passkey`, options from /v2/auth/passkey/authenticate/options with the bearer). The current
 * session counts as stepped-up for 5 minutes; operations declared `StepUp` answer 403
 * `STEP_UP_REQUIRED` otherwise. Not available in impersonated sessions.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, OtpCode } from "@podium/kernel"
import { Authenticated, op } from "../common/index.js"
import { JsonObject, StepUpResult, TotpCode } from "./second-factor.dto.js"

export const StepUpBody = Body({ otp: Optional(OtpCode), code: Optional(TotpCode), passkey: Optional(JsonObject) })
  .annotations({ identifier: "StepUpDto" })

export class StepUpGroup extends HttpApiGroup.make("stepUp")
  .add(op.post("stepUpVerify", "/v2/auth/step-up/verify", { body: StepUpBody, ok: StepUpResult, summary: "Re-verify the caller (OTP, TOTP or passkey): the current session is stepped-up for 5 minutes" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Step-up")
  .annotate(OpenApi.Description, "Fresh verification of the caller before sensitive operations (account delete, wallet withdraw, payment-method edit)")
{}
