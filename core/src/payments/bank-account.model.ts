/**
 * A bank account number kept at rest (organizer business KYC, club KYC): sealed with
 * `Identity.SecretBox` under a per-record context (it only opens for the record it was sealed
 * for), with its last four digits in clear for the masked view `XXXXXX1234` shown to everyone but
 * admins.
 */
import { Effect } from "effect"
import { SecretBox } from "../identity/crypto.port.js"

/** The sealed bank account number and its last four digits. */
export interface SealedBankAccount {
  readonly sealed: string
  readonly last4: string
}

/** The masked account number shown to everyone but admins: `XXXXXX1234`. */
export const maskAccountNumber = (last4: string): string => `XXXXXX${last4}`

/** Seals `accountNumber` for the record named by `context`. */
export const sealBankAccount = (context: string, accountNumber: string) =>
  Effect.map(Effect.flatMap(SecretBox, (box) => box.seal(accountNumber, context)), (sealed): SealedBankAccount => ({
    sealed,
    last4: accountNumber.slice(-4)
  }))

/** The clear account number (admins, and the server itself for a penny drop). */
export const openBankAccount = (account: SealedBankAccount, context: string) => Effect.flatMap(SecretBox, (box) => box.open(account.sealed, context))
