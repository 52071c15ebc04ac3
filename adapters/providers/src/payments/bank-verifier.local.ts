/**
 * The local bank verifier: deterministic outcomes, offline, for development and tests.
 *
 * IFSC lookup: a small built-in table of real branches (below); any other IFSC is unknown.
 * Penny drop, by the account number's last three digits (checked in this order):
 *   - IFSC not in the table            → verified false, reason INVALID_IFSC
 *   - ends in `000`                    → verified false, reason ACCOUNT_NOT_FOUND
 *   - ends in `111`                    → verified false, reason ACCOUNT_BLOCKED (frozen or closed)
 *   - ends in `999`                    → BankVerifierUnavailable (the provider is down: 503)
 *   - anything else                    → verified true: ₹1.00 (100 paise) deposited; the holder name
 *     is the name hint upper-cased (or `ACCOUNT HOLDER <last 4 digits>` without one); the UTR and
 *     transaction id are derived from a counter, so each drop has its own.
 */
import { Payments } from "@podium/core"
import { Effect, Option } from "effect"

export const LocalBankVerifierName = "local"

/** The built-in branches. */
export const LocalIfscTable: ReadonlyArray<Payments.IfscDetails> = [
  { ifsc: "SBIN0000300", bank: "State Bank of India", branch: "Mumbai Main Branch", address: "Horniman Circle, Fort, Mumbai 400001", city: "Mumbai", state: "Maharashtra" },
  { ifsc: "SBIN0005943", bank: "State Bank of India", branch: "Bengaluru Koramangala", address: "80 Feet Road, Koramangala, Bengaluru 560034", city: "Bengaluru", state: "Karnataka" },
  { ifsc: "HDFC0000001", bank: "HDFC Bank", branch: "Sandoz House, Worli", address: "Sandoz House, Dr Annie Besant Road, Worli, Mumbai 400018", city: "Mumbai", state: "Maharashtra" },
  { ifsc: "ICIC0000001", bank: "ICICI Bank", branch: "Mumbai Nariman Point", address: "ICICI Bank Towers, Bandra Kurla Complex, Mumbai 400051", city: "Mumbai", state: "Maharashtra" },
  { ifsc: "UTIB0000004", bank: "Axis Bank", branch: "Mumbai Fort", address: "Jeevan Prakash Building, Sir P M Road, Fort, Mumbai 400001", city: "Mumbai", state: "Maharashtra" },
  { ifsc: "KKBK0000958", bank: "Kotak Mahindra Bank", branch: "Delhi Connaught Place", address: "Ground Floor, Ambadeep Building, Kasturba Gandhi Marg, New Delhi 110001", city: "New Delhi", state: "Delhi" },
  { ifsc: "PUNB0244200", bank: "Punjab National Bank", branch: "Pune Camp", address: "Moledina Road, Camp, Pune 411001", city: "Pune", state: "Maharashtra" },
  { ifsc: "YESB0000001", bank: "Yes Bank", branch: "Mumbai Lower Parel", address: "Indiabulls Finance Centre, Elphinstone Road, Mumbai 400013", city: "Mumbai", state: "Maharashtra" }
]

/** Paise deposited by every successful local penny drop. */
export const LocalPennyDropAmount = 100

export const makeLocalBankVerifier = (): Payments.BankVerifier["Type"] => {
  let counter = 0
  const table = new Map(LocalIfscTable.map((b) => [b.ifsc, b]))
  return {
    provider: LocalBankVerifierName,
    lookupIfsc: (ifsc) => Effect.sync(() => Option.fromNullable(table.get(ifsc.toUpperCase()))),
    pennyDrop: (input) =>
      Effect.suspend((): Effect.Effect<Payments.PennyDropResult, Payments.BankVerifierUnavailable> => {
        if (!table.has(input.ifsc.toUpperCase())) {
          return Effect.succeed({ verified: false, reason: "INVALID_IFSC", message: "The IFSC does not belong to any bank branch" })
        }
        if (input.accountNumber.endsWith("999")) {
          return Effect.fail(new Payments.BankVerifierUnavailable({ provider: LocalBankVerifierName, message: "Bank verification unavailable (simulated outage)" }))
        }
        if (input.accountNumber.endsWith("000")) {
          return Effect.succeed({ verified: false, reason: "ACCOUNT_NOT_FOUND", message: "No account with this number exists at the branch" })
        }
        if (input.accountNumber.endsWith("111")) {
          return Effect.succeed({ verified: false, reason: "ACCOUNT_BLOCKED", message: "The account is frozen or closed and cannot receive money" })
        }
        counter += 1
        const n = String(counter).padStart(6, "0")
        return Effect.succeed({
          verified: true,
          accountExists: true,
          accountHolderName: input.nameHint?.trim().toUpperCase() || `ACCOUNT HOLDER ${input.accountNumber.slice(-4)}`,
          utr: `LOCL${input.accountNumber.slice(-2)}${n}`.padEnd(12, "0").slice(0, 12),
          amountDeposited: LocalPennyDropAmount,
          transactionId: `pd_local_${n}`
        })
      })
  }
}
