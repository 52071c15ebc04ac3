/**
 * Crew sign-in (document C "Crew sign-in"): 4-digit codes by SMS or e-mail for existing crew members
 * only (answers are the same for unknown ones), crew sessions, logout and refresh.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, OtpCode, PhoneNumber } from "@podium/kernel"
import { Authenticated, Ok, Requires, Role } from "../common/index.js"
import { BearerHeader, LogoutResult, SendOtpResult, SignInResult, TokenPair } from "./sign-in.dto.js"

export class CrewAuthGroup extends HttpApiGroup.make("crewAuth")
  .add(
    HttpApiEndpoint.post("crewSendOtp", "/v2/auth/crew/send-otp")
      .setPayload(Body({ phoneNumber: PhoneNumber }))
      .addSuccess(Ok(SendOtpResult, { status: 201, message: "OTP sent successfully" }))
      .annotate(OpenApi.Summary, "Send a 4-digit crew code by SMS")
  )
  .add(
    HttpApiEndpoint.post("crewVerifyOtp", "/v2/auth/crew/verify-otp")
      .setPayload(Body({ phoneNumber: PhoneNumber, otp: OtpCode }))
      .addSuccess(Ok(SignInResult, { status: 201, message: "Login successful" }))
      .annotate(OpenApi.Summary, "Crew sign-in with an SMS code")
  )
  .add(
    HttpApiEndpoint.post("crewEmailSendOtp", "/v2/auth/crew/email/send-otp")
      .setPayload(Body({ email: EmailAddress }))
      .addSuccess(Ok(SendOtpResult, { status: 201, message: "OTP sent successfully" }))
      .annotate(OpenApi.Summary, "E-mail a 4-digit crew code")
  )
  .add(
    HttpApiEndpoint.post("crewEmailVerifyOtp", "/v2/auth/crew/email/verify-otp")
      .setPayload(Body({ email: EmailAddress, otp: OtpCode }))
      .addSuccess(Ok(SignInResult, { status: 201, message: "Login successful" }))
      .annotate(OpenApi.Summary, "Crew sign-in with an e-mail code (rows sharing the address are one crew principal)")
  )
  .add(
    HttpApiEndpoint.post("crewLogout", "/v2/auth/crew/logout")
      .annotate(Requires, Role("crew"))
      .middleware(Authenticated)
      .addSuccess(Ok(LogoutResult, { status: 201 }))
      .annotate(OpenApi.Summary, "End the crew session")
  )
  .add(
    HttpApiEndpoint.post("crewRefreshTokens", "/v2/auth/crew/refresh-tokens")
      .setHeaders(BearerHeader)
      .addSuccess(Ok(TokenPair, { status: 201 }))
      .annotate(OpenApi.Summary, "Rotate a crew refresh token (Authorization: Bearer <refresh token>)")
  )
  .annotate(OpenApi.Title, "Crew sign-in")
  .annotate(OpenApi.Description, "Sign-in of crew (volunteer) members by 4-digit SMS or e-mail codes")
{}
