/**
 * TOTP second factor (A 4.4, A 5.5): enroll (otpauth URL, PNG QR code, 10 recovery codes shown once),
 * confirm with a first code (sets totpEnabledAt; every later sign-in of the account answers
 * `{totpRequired: true, mfaToken}`), verify `{mfaToken, code}` to finish such a sign-in, disable
 * with a current or recovery code, and the live status. Codes work once; 5 wrong codes lock the
 * account's code checks for 15 minutes (429 with Retry-After). Enroll and confirm also take the
 * enrollment mfaToken of an admin who must enroll at sign-in (no bearer then). Athletes and admins
 * only (organizer and crew principals: 403).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, NonEmptyStr, Optional } from "@podium/kernel"
import { Authenticated, op, OptionalAuthenticated } from "../common/index.js"
import {
  SecondFactorCode,
  TotpCode,
  TotpConfirmOutcome,
  TotpDisabledResult,
  TotpEnrollmentView,
  TotpStatusView
} from "./second-factor.dto.js"
import { VerifyOtpResult } from "./sign-in.dto.js"

export class TotpGroup extends HttpApiGroup.make("totp")
  .add(op.post("totpEnroll", "/v2/auth/totp/enroll", { body: Body({ mfaToken: Optional(NonEmptyStr) }), ok: TotpEnrollmentView, summary: "Start TOTP enrollment: otpauth URL, QR code (PNG data URI), 10 recovery codes shown once" }).middleware(OptionalAuthenticated))
  .add(op.post("totpConfirm", "/v2/auth/totp/confirm", { body: Body({ code: TotpCode, mfaToken: Optional(NonEmptyStr) }), ok: TotpConfirmOutcome, summary: "Confirm enrollment with the first authenticator code (sets totpEnabledAt; with an enrollment mfaToken, finishes the sign-in)" }).middleware(OptionalAuthenticated))
  .add(op.post("totpDisable", "/v2/auth/totp/disable", { body: Body({ code: SecondFactorCode }), ok: TotpDisabledResult, summary: "Turn TOTP off with a current code or a recovery code" }).middleware(Authenticated))
  .add(op.get("totpStatus", "/v2/auth/totp/status", { ok: TotpStatusView, summary: "Live TOTP status of the caller (read from the store, not from the token)" }).middleware(Authenticated))
  .add(op.post("totpVerify", "/v2/auth/totp/verify", { body: Body({ mfaToken: NonEmptyStr, code: SecondFactorCode }), ok: VerifyOtpResult, message: "Login successful", summary: "Finish a sign-in that answered {totpRequired, mfaToken}: a TOTP or recovery code" }))
  .annotate(OpenApi.Title, "TOTP")
  .annotate(OpenApi.Description, "Authenticator-app second factor: enrollment, confirmation, sign-in verification, disable and live status")
{}
