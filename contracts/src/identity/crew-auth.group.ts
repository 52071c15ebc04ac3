/**
 * Crew sign-in (document C "Crew sign-in"): 4-digit codes by SMS or e-mail for existing crew members
 * only (answers are the same for unknown ones), crew sessions, logout and refresh.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, EmailAddress, OtpCode, PhoneNumber } from "@podium/kernel"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { BearerHeader, LogoutResult, SendOtpResult, SignInResult, TokenPair } from "./sign-in.dto.js"

export class CrewAuthGroup extends HttpApiGroup.make("crewAuth")
  .add(op.post("crewSendOtp", "/v2/auth/crew/send-otp", { body: Body({ phoneNumber: PhoneNumber }), ok: SendOtpResult, status: 201, message: "OTP sent successfully", summary: "Send a 4-digit crew code by SMS" }))
  .add(op.post("crewVerifyOtp", "/v2/auth/crew/verify-otp", { body: Body({ phoneNumber: PhoneNumber, otp: OtpCode }), ok: SignInResult, status: 201, message: "Login successful", summary: "Crew sign-in with an SMS code" }))
  .add(op.post("crewEmailSendOtp", "/v2/auth/crew/email/send-otp", { body: Body({ email: EmailAddress }), ok: SendOtpResult, status: 201, message: "OTP sent successfully", summary: "E-mail a 4-digit crew code" }))
  .add(op.post("crewEmailVerifyOtp", "/v2/auth/crew/email/verify-otp", { body: Body({ email: EmailAddress, otp: OtpCode }), ok: SignInResult, status: 201, message: "Login successful", summary: "Crew sign-in with an e-mail code (rows sharing the address are one crew principal)" }))
  .add(op.post("crewLogout", "/v2/auth/crew/logout", { ok: LogoutResult, status: 201, summary: "End the crew session" }).annotate(Requires, Role("crew")).middleware(Authenticated))
  .add(op.post("crewRefreshTokens", "/v2/auth/crew/refresh-tokens", { headers: BearerHeader, ok: TokenPair, status: 201, summary: "Rotate a crew refresh token (Authorization: Bearer <refresh token>)" }))
  .annotate(OpenApi.Title, "Crew sign-in")
  .annotate(OpenApi.Description, "Sign-in of crew (volunteer) members by 4-digit SMS or e-mail codes")
{}
