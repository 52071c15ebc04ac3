/**
 * Bank verification (C "Athlete / Bank verification"): IFSC lookup and penny-drop account
 * validation for signed-in users. `GET /v2/bank-verification/ifsc/{ifsc}` checks the format
 * (`^[A-Z]{4}0[A-Z0-9]{6}$`, 400 otherwise) and answers the branch or 404 IFSC_NOT_FOUND.
 * `POST /v2/bank-verification/verify` deposits a small amount and answers 200 for BOTH outcomes:
 * `{verified: true, accountExists, accountHolderName, utr, amountDeposited, transactionId}` or
 * `{verified: false, reason, message}`. Each penny drop costs money: 5 per user per hour, then 429
 * BANK_VERIFICATION_RATE_LIMITED. No provider configured: 503 BANK_VERIFICATION_NOT_CONFIGURED.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, BadRequest, NotFound, Ok, ServiceUnavailable, TooManyRequests, Unauthorized } from "../common/index.js"

/** An IFSC: 4 bank letters, a zero, 6 branch characters (upper case). */
export const Ifsc = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s)),
  Schema.annotations({ ...says("must be a valid IFSC (4 letters, 0, 6 letters or digits)"), jsonSchema: { type: "string", example: "HDFC0000001" } })
)

/** A bank account number: 9 to 18 digits. */
export const BankAccountNumber = Schema.String.pipe(
  Schema.filter((s) => /^\d{9,18}$/.test(s)),
  Schema.annotations({ ...says("must be 9 to 18 digits"), jsonSchema: { type: "string", example: "50100012345678" } })
)

export const IfscDetailsView = Schema.Struct({
  ifsc: Schema.String,
  bank: Schema.String,
  branch: Schema.String,
  address: Schema.String,
  city: Schema.String,
  state: Schema.String
}).annotations({ identifier: "IfscDetails" })

export const VerifyBankAccountBody = Body({
  accountNumber: BankAccountNumber,
  ifsc: Ifsc,
  accountHolderName: Optional(StrLength(2, 100))
})

export const BankVerifiedView = Schema.Struct({
  verified: Schema.Literal(true),
  accountExists: Schema.Literal(true),
  accountHolderName: Schema.String,
  utr: Schema.String,
  /** Minor units (paise) deposited by the penny drop. */
  amountDeposited: Schema.Int,
  transactionId: Schema.String
}).annotations({ identifier: "BankVerified" })

export const BankNotVerifiedView = Schema.Struct({
  verified: Schema.Literal(false),
  reason: Schema.String,
  message: Schema.String
}).annotations({ identifier: "BankNotVerified" })

export const BankVerificationResultView = Schema.Union(BankVerifiedView, BankNotVerifiedView).annotations({ identifier: "BankVerificationResult" })

export class BankVerificationGroup extends HttpApiGroup.make("bankVerification")
  .add(
    HttpApiEndpoint.get("lookupIfsc", "/v2/bank-verification/ifsc/:ifsc")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ ifsc: Ifsc }))
      .addSuccess(Ok(IfscDetailsView))
      .annotate(OpenApi.Summary, "The bank branch of an IFSC (404 IFSC_NOT_FOUND when unknown)")
  )
  .add(
    HttpApiEndpoint.post("verifyBankAccount", "/v2/bank-verification/verify")
      .middleware(Authenticated)
      .setPayload(VerifyBankAccountBody)
      .addSuccess(Ok(BankVerificationResultView, { status: 200 }))
      .annotate(OpenApi.Summary, "Penny-drop verification of a bank account (200 for both outcomes)")
      .annotate(
        OpenApi.Description,
        "Body `{accountNumber (9-18 digits), ifsc, accountHolderName? (2-100)}`. Verified: `{verified: true, accountExists, accountHolderName, utr, amountDeposited (paise), transactionId}`; not verified: `{verified: false, reason, message}` — both 200. 5 attempts per user per hour (429 BANK_VERIFICATION_RATE_LIMITED)."
      )
  )
  .addError(BadRequest.wire)
  .addError(Unauthorized.wire)
  .addError(NotFound.wire)
  .addError(TooManyRequests.wire)
  .addError(ServiceUnavailable.wire)
  .annotate(OpenApi.Title, "Bank verification")
  .annotate(OpenApi.Description, "IFSC lookup and penny-drop account validation")
{}
