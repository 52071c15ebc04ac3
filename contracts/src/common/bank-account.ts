/**
 * The bank-account pieces shared by the penny-drop routes (`/v2/bank-verification/verify` and club
 * KYC `verify-bank`): the account number and IFSC formats, and the fields of the two 200 answers of
 * a penny drop (each area names its own schemas, so their OpenAPI identifiers stay the area's).
 */
import { says } from "@podium/kernel"
import { Schema } from "effect"

/** A bank account number: 9 to 18 digits. */
export const BankAccountNumberText = Schema.String.pipe(
  Schema.filter((s) => /^\d{9,18}$/.test(s)),
  Schema.annotations({ ...says("must be 9 to 18 digits"), jsonSchema: { type: "string", example: "50100012345678" } })
)

/** An IFSC: 4 bank letters, a zero, 6 branch characters (upper case). */
export const IfscCodeText = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s)),
  Schema.annotations({ ...says("must be a valid IFSC (4 letters, 0, 6 letters or digits)"), jsonSchema: { type: "string", example: "HDFC0000001" } })
)

/** A penny drop that found the account (C shape). */
export const BankVerifiedFields = {
  verified: Schema.Literal(true),
  accountExists: Schema.Literal(true),
  accountHolderName: Schema.String,
  utr: Schema.String,
  /** Minor units (paise) deposited by the penny drop. */
  amountDeposited: Schema.Int,
  transactionId: Schema.String
}

/** A penny drop that did not verify the account (C shape, also 200). */
export const BankNotVerifiedFields = {
  verified: Schema.Literal(false),
  reason: Schema.String,
  message: Schema.String
}
