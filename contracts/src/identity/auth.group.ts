/**
 * Sign-in by phone and e-mail one-time codes, token refresh and logout, token verification,
 * existence checks, bind-phone and the web session cookie (A 4.4).
 *
 * Shapes: phone send-otp answers 201 with the Send-OTP result in the doubly nested envelope of
 * A 2.1 — `{status: 201, statusText: "CREATED", message, data: {statusCode: 201, message, data: {flash, message}}}`;
 * verify-otp answers 201 with the Verify-OTP result. Codes: 6 digits (phone) or 4 (e-mail), single
 * use, 3 wrong attempts void a code, resends throttled (429 with Retry-After). Send answers never
 * reveal whether an account exists. E-mail verify with role `user` signs in to the athlete with that
 * address, creating one when the address is unknown; role `organizer` resolves a team member only.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, EmailAddress, OneOf, Optional, OtpCode, PhoneNumber, Query } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, OptionalAuthenticated } from "../common/index.js"
import {
  AccountSummary,
  BearerHeader,
  ExistenceResult,
  LogoutResult,
  SendOtpNested,
  SendOtpResult,
  TokenPair,
  TokenVerification
} from "./sign-in.dto.js"
// A sign-in of an account with TOTP answers {totpRequired, mfaToken} instead of tokens (second-factor.dto.ts).
import { SignInOutcome, VerifyOtpOutcome } from "./second-factor.dto.js"

export const SendOtpBody = Body({ phoneNumber: PhoneNumber })
export const VerifyOtpBody = Body({ phoneNumber: PhoneNumber, otp: OtpCode, role: OneOf("user", "organizer", "admin") })
export const SendEmailOtpBody = Body({ email: EmailAddress, role: Optional(OneOf("user", "organizer")) })
export const VerifyEmailOtpBody = Body({ email: EmailAddress, otp: OtpCode, role: Optional(OneOf("user", "organizer")) })

export const WebSessionResult = Schema.Struct({
  message: Schema.String,
  expiresAt: Schema.Date
}).annotations({ identifier: "WebSessionResult" })

export class AuthGroup extends HttpApiGroup.make("auth")
  .add(op.post("sendOtp", "/v2/auth/send-otp", { body: SendOtpBody, ok: SendOtpNested, status: 201, message: "OTP sent successfully", summary: "Send a 6-digit sign-in code by SMS (doubly nested envelope)" }))
  .add(op.post("verifyOtp", "/v2/auth/verify-otp", { body: VerifyOtpBody, ok: VerifyOtpOutcome, status: 201, message: "Login successful", summary: "Sign in with a phone code; creates the athlete on first sign-in (role user)" }))
  .add(op.post("emailSendOtp", "/v2/auth/email/send-otp", { body: SendEmailOtpBody, ok: SendOtpResult, message: "OTP sent successfully", summary: "E-mail a 4-digit sign-in code; creates no account" }))
  .add(op.post("emailVerifyOtp", "/v2/auth/email/verify-otp", { body: VerifyEmailOtpBody, ok: SignInOutcome, message: "Login successful", summary: "Sign in with an e-mail code" }))
  .add(op.post("refreshTokens", "/v2/auth/refresh-tokens", { headers: BearerHeader, ok: TokenPair, summary: "Rotate the refresh token (Authorization: Bearer <refresh token>)" }))
  .add(op.post("logout", "/v2/auth/logout", { ok: LogoutResult, summary: "End the caller's session; its tokens stop working at once" }).middleware(Authenticated))
  .add(op.get("verifyToken", "/v2/auth/verify-token", { ok: TokenVerification, summary: "Verify the access token and show its account" }).middleware(Authenticated))
  .add(op.get("checkPhoneNumber", "/v2/auth/check-phone-number", { query: Query({ phoneNumber: PhoneNumber }), ok: ExistenceResult, summary: "Whether an athlete with this phone number exists (rate limited per address)" }))
  .add(op.get("checkEmail", "/v2/auth/check-email", { query: Query({ email: EmailAddress }), ok: ExistenceResult, summary: "Whether an athlete with this e-mail address exists (rate limited per address)" }))
  .add(op.post("bindPhone", "/v2/auth/bind-phone", { body: Body({ phoneNumber: PhoneNumber, otp: OtpCode }), ok: AccountSummary, summary: "Attach a first phone number (code sent first via /v2/auth/send-otp)" }).middleware(Authenticated))
  .add(op.post("webSession", "/v2/auth/web/session", { ok: WebSessionResult, summary: "Set the HttpOnly web-session cookie from a valid bearer token" }).middleware(Authenticated))
  .add(op.post("webLogout", "/v2/auth/web/logout", { success: HttpApiSchema.NoContent, summary: "Clear the web-session cookie and end its session (204)" }).middleware(OptionalAuthenticated))
  .annotate(OpenApi.Title, "Authentication")
  .annotate(
    OpenApi.Description,
    "Phone and e-mail one-time-code sign-in, tokens and the web session. Phone send-otp answers 201 with the Send-OTP result in the doubly nested envelope {status, statusText, message, data: {statusCode, message, data: {flash, message}}}; 429 answers carry Retry-After."
  )
{}
