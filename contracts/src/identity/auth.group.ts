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
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, EmailAddress, OneOf, Optional, OtpCode, PhoneNumber, Query } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok, OptionalAuthenticated } from "../common/index.js"
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
  .add(
    HttpApiEndpoint.post("sendOtp", "/v2/auth/send-otp")
      .setPayload(SendOtpBody)
      .addSuccess(Ok(SendOtpNested, { status: 201, message: "OTP sent successfully" }))
      .annotate(OpenApi.Summary, "Send a 6-digit sign-in code by SMS (doubly nested envelope)")
  )
  .add(
    HttpApiEndpoint.post("verifyOtp", "/v2/auth/verify-otp")
      .setPayload(VerifyOtpBody)
      .addSuccess(Ok(VerifyOtpOutcome, { status: 201, message: "Login successful" }))
      .annotate(OpenApi.Summary, "Sign in with a phone code; creates the athlete on first sign-in (role user)")
  )
  .add(
    HttpApiEndpoint.post("emailSendOtp", "/v2/auth/email/send-otp")
      .setPayload(SendEmailOtpBody)
      .addSuccess(Ok(SendOtpResult, { message: "OTP sent successfully" }))
      .annotate(OpenApi.Summary, "E-mail a 4-digit sign-in code; creates no account")
  )
  .add(
    HttpApiEndpoint.post("emailVerifyOtp", "/v2/auth/email/verify-otp")
      .setPayload(VerifyEmailOtpBody)
      .addSuccess(Ok(SignInOutcome, { message: "Login successful" }))
      .annotate(OpenApi.Summary, "Sign in with an e-mail code")
  )
  .add(
    HttpApiEndpoint.post("refreshTokens", "/v2/auth/refresh-tokens")
      .setHeaders(BearerHeader)
      .addSuccess(Ok(TokenPair))
      .annotate(OpenApi.Summary, "Rotate the refresh token (Authorization: Bearer <refresh token>)")
  )
  .add(
    HttpApiEndpoint.post("logout", "/v2/auth/logout")
      .middleware(Authenticated)
      .addSuccess(Ok(LogoutResult))
      .annotate(OpenApi.Summary, "End the caller's session; its tokens stop working at once")
  )
  .add(
    HttpApiEndpoint.get("verifyToken", "/v2/auth/verify-token")
      .middleware(Authenticated)
      .addSuccess(Ok(TokenVerification))
      .annotate(OpenApi.Summary, "Verify the access token and show its account")
  )
  .add(
    HttpApiEndpoint.get("checkPhoneNumber", "/v2/auth/check-phone-number")
      .setUrlParams(Query({ phoneNumber: PhoneNumber }))
      .addSuccess(Ok(ExistenceResult))
      .annotate(OpenApi.Summary, "Whether an athlete with this phone number exists (rate limited per address)")
  )
  .add(
    HttpApiEndpoint.get("checkEmail", "/v2/auth/check-email")
      .setUrlParams(Query({ email: EmailAddress }))
      .addSuccess(Ok(ExistenceResult))
      .annotate(OpenApi.Summary, "Whether an athlete with this e-mail address exists (rate limited per address)")
  )
  .add(
    HttpApiEndpoint.post("bindPhone", "/v2/auth/bind-phone")
      .middleware(Authenticated)
      .setPayload(Body({ phoneNumber: PhoneNumber, otp: OtpCode }))
      .addSuccess(Ok(AccountSummary))
      .annotate(OpenApi.Summary, "Attach a first phone number (code sent first via /v2/auth/send-otp)")
  )
  .add(
    HttpApiEndpoint.post("webSession", "/v2/auth/web/session")
      .middleware(Authenticated)
      .addSuccess(Ok(WebSessionResult))
      .annotate(OpenApi.Summary, "Set the HttpOnly web-session cookie from a valid bearer token")
  )
  .add(
    HttpApiEndpoint.post("webLogout", "/v2/auth/web/logout")
      .middleware(OptionalAuthenticated)
      .addSuccess(HttpApiSchema.NoContent)
      .annotate(OpenApi.Summary, "Clear the web-session cookie and end its session (204)")
  )
  .annotate(OpenApi.Title, "Authentication")
  .annotate(
    OpenApi.Description,
    "Phone and e-mail one-time-code sign-in, tokens and the web session. Phone send-otp answers 201 with the Send-OTP result in the doubly nested envelope {status, statusText, message, data: {statusCode, message, data: {flash, message}}}; 429 answers carry Retry-After."
  )
{}
