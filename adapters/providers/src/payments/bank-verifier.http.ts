/**
 * The bank verifier over HTTP (undici), speaking two real protocols:
 *   - penny drop: Cashfree Verification "Bank Account Verification — sync" (BAV v2):
 *     `POST /verification/bank-account/sync` with headers `x-client-id`, `x-client-secret`,
 *     `x-api-version`, JSON `{bank_account, ifsc, name?}`; 200 answers `{reference_id, name_at_bank,
 *     utr, account_status: "VALID"|"INVALID", account_status_code, …}`; a 400/422 answers
 *     `{type, code, message}` for input the bank side refuses (both become `verified: false`).
 *     Cashfree deposits ₹1 (`pennyDropAmount`, default 100 paise) on a valid account.
 *   - IFSC lookup: the Razorpay IFSC API, `GET /{IFSC}` answering `{BANK, IFSC, BRANCH, ADDRESS,
 *     CITY, STATE, …}` or 404 "Not Found" for an unknown code.
 * Network errors, timeouts, 401/403 (bad credentials), 429 and 5xx are BankVerifierUnavailable (503).
 */
import { Payments } from "@podium/core"
import { Effect, Option } from "effect"
import { jsonObject, requestJson } from "../platform/json-request.js"

export const CashfreeBankVerifierName = "cashfree-bav-v2"

export interface BankVerifierHttpOptions {
  /** Cashfree API base (`https://api.cashfree.com`). */
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
  /** IFSC API base (`https://ifsc.razorpay.com`). */
  readonly ifscBaseUrl: string
  readonly apiVersion?: string
  readonly pennyDropAmount?: number
  readonly timeoutMs?: number
}

const call = (
  url: string,
  init: { readonly method: "GET" | "POST"; readonly headers: Record<string, string>; readonly body?: string },
  timeoutMs: number
): Effect.Effect<{ readonly status: number; readonly json: Record<string, unknown> | null }, Payments.BankVerifierUnavailable> =>
  Effect.tryPromise({
    try: async (signal) => {
      const res = await requestJson(url, { ...init, signal, timeoutMs })
      return { status: res.status, json: jsonObject(res.json) }
    },
    catch: (e) => new Payments.BankVerifierUnavailable({ provider: CashfreeBankVerifierName, message: `Bank verifier unreachable: ${String(e)}` })
  }).pipe(
    Effect.timeoutFail({
      duration: timeoutMs,
      onTimeout: () => new Payments.BankVerifierUnavailable({ provider: CashfreeBankVerifierName, message: "Bank verifier timed out" })
    }),
    Effect.flatMap((a) =>
      a.status === 401 || a.status === 403 || a.status === 429 || a.status >= 500
        ? Effect.fail(new Payments.BankVerifierUnavailable({ provider: CashfreeBankVerifierName, message: `Bank verifier answered ${a.status}` }))
        : Effect.succeed(a)
    )
  )

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")
const trimSlash = (s: string) => s.replace(/\/+$/, "")

/** Human text for Cashfree's account status codes. */
const describeStatus = (code: string): string => {
  switch (code) {
    case "INVALID_ACCOUNT_FAIL":
    case "ACCOUNT_NOT_FOUND":
      return "No account with this number exists at the branch"
    case "INVALID_IFSC_FAIL":
      return "The IFSC does not belong to any bank branch"
    case "ACCOUNT_BLOCKED":
    case "ACCOUNT_CLOSED":
    case "FROZEN_ACCOUNT":
      return "The account is frozen or closed and cannot receive money"
    default:
      return "The bank could not verify this account"
  }
}

export const makeBankVerifierHttp = (options: BankVerifierHttpOptions): Payments.BankVerifier["Type"] => {
  const timeoutMs = options.timeoutMs ?? 15_000
  return {
    provider: CashfreeBankVerifierName,
    lookupIfsc: (ifsc) =>
      call(`${trimSlash(options.ifscBaseUrl)}/${encodeURIComponent(ifsc.toUpperCase())}`, { method: "GET", headers: { accept: "application/json" } }, timeoutMs).pipe(
        Effect.flatMap((a): Effect.Effect<Option.Option<Payments.IfscDetails>, Payments.BankVerifierUnavailable> => {
          if (a.status === 404) return Effect.succeed(Option.none())
          if (a.status !== 200 || a.json === null || typeof a.json.IFSC !== "string") {
            return Effect.fail(new Payments.BankVerifierUnavailable({ provider: CashfreeBankVerifierName, message: `IFSC lookup answered ${a.status}` }))
          }
          return Effect.succeed(Option.some({
            ifsc: str(a.json.IFSC),
            bank: str(a.json.BANK),
            branch: str(a.json.BRANCH),
            address: str(a.json.ADDRESS),
            city: str(a.json.CITY),
            state: str(a.json.STATE)
          }))
        })
      ),
    pennyDrop: (input) =>
      call(`${trimSlash(options.baseUrl)}/verification/bank-account/sync`, {
        method: "POST",
        headers: {
          "x-client-id": options.clientId,
          "x-client-secret": options.clientSecret,
          "x-api-version": options.apiVersion ?? "2023-08-01",
          "content-type": "application/json",
          accept: "application/json"
        },
        body: JSON.stringify({ bank_account: input.accountNumber, ifsc: input.ifsc, ...(input.nameHint === undefined ? {} : { name: input.nameHint }) })
      }, timeoutMs).pipe(
        Effect.flatMap((a): Effect.Effect<Payments.PennyDropResult, Payments.BankVerifierUnavailable> => {
          const j = a.json ?? {}
          if (a.status === 400 || a.status === 422) {
            const code = str(j.code).toUpperCase() || "VALIDATION_ERROR"
            return Effect.succeed({ verified: false, reason: code, message: str(j.message) || "The bank details were refused" })
          }
          if (a.status !== 200) {
            return Effect.fail(new Payments.BankVerifierUnavailable({ provider: CashfreeBankVerifierName, message: `Bank verifier answered ${a.status}` }))
          }
          const statusCode = str(j.account_status_code) || "UNKNOWN"
          if (str(j.account_status).toUpperCase() !== "VALID") {
            return Effect.succeed({ verified: false, reason: statusCode === "INVALID_ACCOUNT_FAIL" ? "ACCOUNT_NOT_FOUND" : statusCode, message: describeStatus(statusCode) })
          }
          return Effect.succeed({
            verified: true,
            accountExists: true,
            accountHolderName: str(j.name_at_bank),
            utr: str(j.utr),
            amountDeposited: options.pennyDropAmount ?? 100,
            transactionId: str(j.reference_id)
          })
        })
      )
  }
}
