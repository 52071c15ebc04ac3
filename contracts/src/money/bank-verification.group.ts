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
import { Body, Optional, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import {
  Authenticated,
  BankAccountNumberText,
  BankNotVerifiedFields,
  BankVerifiedFields,
  IfscCodeText,
  Ok
} from "../common/index.js"

export const IfscDetailsView = Schema.Struct({
  ifsc: Schema.String,
  bank: Schema.String,
  branch: Schema.String,
  address: Schema.String,
  city: Schema.String,
  state: Schema.String
}).annotations({ identifier: "IfscDetails" })

export const VerifyBankAccountBody = Body({
  accountNumber: BankAccountNumberText,
  ifsc: IfscCodeText,
  accountHolderName: Optional(StrLength(2, 100))
})

export const BankVerifiedView = Schema.Struct(BankVerifiedFields).annotations({ identifier: "BankVerified" })

export const BankNotVerifiedView = Schema.Struct(BankNotVerifiedFields).annotations({ identifier: "BankNotVerified" })

export const BankVerificationResultView = Schema.Union(BankVerifiedView, BankNotVerifiedView).annotations({ identifier: "BankVerificationResult" })

export class BankVerificationGroup extends HttpApiGroup.make("bankVerification")
  .add(
    HttpApiEndpoint.get("lookupIfsc", "/v2/bank-verification/ifsc/:ifsc")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ ifsc: IfscCodeText }))
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
  .annotate(OpenApi.Title, "Bank verification")
  .annotate(OpenApi.Description, "IFSC lookup and penny-drop account validation")
{}
