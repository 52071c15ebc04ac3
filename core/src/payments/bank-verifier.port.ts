/**
 * The bank verifier port: IFSC lookup and penny-drop account validation. Adapters in
 * @podium/providers: `local` (deterministic outcomes, see bank-verifier.local.ts), `http`
 * (a real provider protocol on undici) and `unconfigured` (BankVerifierUnavailable → 503).
 */
import { Context, type Effect, type Option } from "effect"
import type { BankVerifierUnavailable } from "./payments.errors.js"

export interface IfscDetails {
  readonly ifsc: string
  readonly bank: string
  readonly branch: string
  readonly address: string
  readonly city: string
  readonly state: string
}

/** The two result shapes exactly as document C names them. */
export type PennyDropResult =
  | {
    readonly verified: true
    readonly accountExists: true
    readonly accountHolderName: string
    readonly utr: string
    readonly amountDeposited: number
    readonly transactionId: string
  }
  | { readonly verified: false; readonly reason: string; readonly message: string }

export class BankVerifier extends Context.Tag("@podium/core/payments/BankVerifier")<BankVerifier, {
  readonly provider: string
  readonly lookupIfsc: (ifsc: string) => Effect.Effect<Option.Option<IfscDetails>, BankVerifierUnavailable>
  readonly pennyDrop: (input: {
    readonly accountNumber: string
    readonly ifsc: string
    readonly nameHint?: string
  }) => Effect.Effect<PennyDropResult, BankVerifierUnavailable>
}>() {}
