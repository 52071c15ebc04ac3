/**
 * Bank verification (C "Athlete / Bank verification"): IFSC lookup and penny-drop account
 * validation for signed-in users. `GET /v2/bank-verification/ifsc/{ifsc}` checks the format
 * (`^[A-Z]{4}0[A-Z0-9]{6}$`, 400 otherwise) and answers the branch or 404 IFSC_NOT_FOUND.
 * `POST /v2/bank-verification/verify` deposits a small amount and answers 200 for BOTH outcomes:
 * `{verified: true, accountExists, accountHolderName, utr, amountDeposited, transactionId}` or
 * `{verified: false, reason, message}`. Each penny drop costs money: 5 per user per hour, then 429
 * BANK_VERIFICATION_RATE_LIMITED. No provider configured: 503 BANK_VERIFICATION_NOT_CONFIGURED.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, BankAccountNumberText, BankNotVerifiedFields, BankVerifiedFields, IfscCodeText, op } from "../common/index.js"

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
  .add(op.get("lookupIfsc", "/v2/bank-verification/ifsc/:ifsc", { path: Schema.Struct({ ifsc: IfscCodeText }), ok: IfscDetailsView, summary: "The bank branch of an IFSC (404 IFSC_NOT_FOUND when unknown)" }).middleware(Authenticated))
  .add(op.post("verifyBankAccount", "/v2/bank-verification/verify", { body: VerifyBankAccountBody, ok: BankVerificationResultView, status: 200, summary: "Penny-drop verification of a bank account (200 for both outcomes)" }).middleware(Authenticated).annotate(OpenApi.Description, "Body `{accountNumber (9-18 digits), ifsc, accountHolderName? (2-100)}`. Verified: `{verified: true, accountExists, accountHolderName, utr, amountDeposited (paise), transactionId}`; not verified: `{verified: false, reason, message}` — both 200. 5 attempts per user per hour (429 BANK_VERIFICATION_RATE_LIMITED)."))
  .annotate(OpenApi.Title, "Bank verification")
  .annotate(OpenApi.Description, "IFSC lookup and penny-drop account validation")
{}
