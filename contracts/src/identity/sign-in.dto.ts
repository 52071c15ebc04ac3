/** Wire records of sign-in (A 2.2): Send-OTP result, Verify-OTP result, token pair, logout and token-verification results. */
import { User } from "@podium/kernel"
import { Schema } from "effect"

/** Send-OTP result (A 2.2). */
export const SendOtpResult = Schema.Struct({
  flash: Schema.Boolean,
  message: Schema.String
}).annotations({ identifier: "SendOtpResult" })
export type SendOtpResult = typeof SendOtpResult.Type

/**
 * The doubly nested form of A 2.1 for phone send-otp: the outer envelope's `data` holds
 * `{statusCode, message, data}` whose `data` is the Send-OTP result. On the wire:
 * `{status: 201, statusText: "CREATED", message, data: {statusCode: 201, message, data: {flash: true, message}}}`.
 */
export const SendOtpNested = Schema.Struct({
  statusCode: Schema.Int,
  message: Schema.String,
  data: SendOtpResult
}).annotations({ identifier: "SendOtpNestedEnvelope" })
export type SendOtpNested = typeof SendOtpNested.Type

/** Verify-OTP result (A 2.2). */
export const VerifyOtpResult = Schema.Struct({
  id: Schema.UUID,
  phoneNumber: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
  accessToken: Schema.String,
  refreshToken: Schema.String,
  message: Schema.String
}).annotations({ identifier: "VerifyOtpResult" })
export type VerifyOtpResult = typeof VerifyOtpResult.Type

/** Result of e-mail and crew sign-in: the Verify-OTP result plus the account's e-mail address. */
export const SignInResult = Schema.Struct({
  ...VerifyOtpResult.fields,
  email: Schema.NullOr(Schema.String)
}).annotations({ identifier: "SignInResult" })
export type SignInResult = typeof SignInResult.Type

/** Token pair (A 2.2). */
export const TokenPair = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String
}).annotations({ identifier: "TokenPair" })

/** Logout result (A 2.2). */
export const LogoutResult = Schema.Struct({
  generatedMaps: Schema.Array(Schema.Unknown),
  raw: Schema.Array(Schema.Unknown),
  affected: Schema.Int
}).annotations({ identifier: "LogoutResult" })

/** The account a token belongs to, as verify-token and bind-phone show it. */
export const AccountSummary = User.annotations({ identifier: "AccountSummary" })

/** Token verification result (A 2.2). */
export const TokenVerification = Schema.Struct({
  message: Schema.String,
  isValid: Schema.Boolean,
  role: Schema.String,
  data: AccountSummary
}).annotations({ identifier: "TokenVerification" })

/** Existence check answer. */
export const ExistenceResult = Schema.Struct({ exists: Schema.Boolean }).annotations({ identifier: "ExistenceResult" })

/** Headers of operations that take the refresh token as a bearer. */
export const BearerHeader = Schema.Struct({ authorization: Schema.optional(Schema.String) })
