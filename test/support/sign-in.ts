/**
 * Sign-in helpers for HTTP tests on the real host: a fresh athlete or admin signed in by phone code.
 * Every client address may request 30 codes per hour, so a test file should stay below that.
 */
import { Accounts, Platform } from "@podium/core"
import { Effect } from "effect"
import type { Answer } from "./http.js"
import type { RealHost } from "./real-host.js"

let counter = 0
/** A fresh valid Indian mobile number per call. */
export const freshPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Sends a phone code to `phoneNumber` (path: the audience's send route) and answers the verify-otp result. */
export const phoneSignIn = async (host: RealHost, phoneNumber: string, role: "user" | "admin" = "user"): Promise<Answer> => {
  const sent = await host.http.request("POST", role === "admin" ? "/v2/admins/send-otp" : "/v2/auth/send-otp", { phoneNumber })
  if (sent.status !== 201) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`)
  return host.http.request("POST", "/v2/auth/verify-otp", { phoneNumber, otp: host.lastCode(phoneNumber), role })
}

export interface SignedIn {
  readonly id: string
  readonly phoneNumber: string
  readonly accessToken: string
  readonly refreshToken: string
}

const signedIn = (answer: Answer, phoneNumber: string): SignedIn => {
  if (answer.status !== 201 || typeof answer.body?.data?.accessToken !== "string") {
    throw new Error(`sign-in answered ${answer.status}: ${answer.text}`)
  }
  const { id, accessToken, refreshToken } = answer.body.data
  return { id, phoneNumber, accessToken, refreshToken }
}

/** A new athlete, signed in. */
export const signInNewUser = async (host: RealHost): Promise<SignedIn> => {
  const phoneNumber = freshPhone()
  return signedIn(await phoneSignIn(host, phoneNumber), phoneNumber)
}

/** Creates an admin (permissions `*` unless given) and answers its id and phone (not signed in). */
export const createAdmin = async (host: RealHost, permissions: ReadonlyArray<string> = ["*"]) => {
  const phoneNumber = freshPhone()
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber, permissions })))
  return { id: admin.id, phoneNumber }
}

/** A new admin, signed in. */
export const signInNewAdmin = async (host: RealHost, permissions: ReadonlyArray<string> = ["*"]): Promise<SignedIn> => {
  const admin = await createAdmin(host, permissions)
  return signedIn(await phoneSignIn(host, admin.phoneNumber, "admin"), admin.phoneNumber)
}

/**
 * Lifts the 60-second resend cooldown of one recipient (tests that sign the same account in twice
 * within a minute); every other throttle stays.
 */
export const allowResend = (host: RealHost, identifier: string, kind: "phone" | "email" = identifier.includes("@") ? "email" : "phone") =>
  host.run(Effect.flatMap(Platform.RateLimiter, (limiter) => limiter.reset(`identity:otp-resend:${kind}:${identifier}`)))
