/** Sign-in helpers and outbox drivers for the notification HTTP tests (real host). */
import { Accounts, Identity, Notifications } from "@podium/core"
import { Effect } from "effect"
import type { RealHost } from "../support/real-host.js"

let counter = 0
/** A fresh valid Indian mobile number per call. */
export const freshPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`

const signIn = async (host: RealHost, phoneNumber: string, role: "admin" | "user", sendPath: string) => {
  const sent = await host.http.request("POST", sendPath, { phoneNumber })
  if (sent.status !== 201) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`)
  const res = await host.http.request("POST", "/v2/auth/verify-otp", { phoneNumber, otp: host.lastCode(phoneNumber), role })
  if (res.status !== 201) throw new Error(`verify-otp answered ${res.status}: ${res.text}`)
  return { authorization: `Bearer ${res.body.data.accessToken as string}` }
}

/** A new admin, signed in; answers the Authorization header. */
export const signInAdmin = async (host: RealHost) => {
  const phoneNumber = freshPhone()
  await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber })))
  return signIn(host, phoneNumber, "admin", "/v2/admins/send-otp")
}

/** A new athlete, signed in; answers the Authorization header. */
export const signInUser = (host: RealHost) => signIn(host, freshPhone(), "user", "/v2/auth/send-otp")

/** Delivers every due outbox row once through the host's senders (one worker pass). */
export const drainOnce = (host: RealHost) =>
  host.run(Notifications.deliverOutboxBatch({ workerId: "test-worker", leaseMs: 30_000, batchSize: 500, concurrency: 8 }))

/** A new admin holding `permissions`, with a session started directly; answers the Authorization header. */
export const adminWithPermissions = async (host: RealHost, permissions: ReadonlyArray<string>) => {
  const created = await host.run(Accounts.createAdmin({ phoneNumber: freshPhone(), permissions }))
  const session = await host.run(Identity.startSession({ account: { kind: "admin", id: created.id }, role: "admin" }))
  return { authorization: `Bearer ${session.accessToken}` }
}

/** The configuration of a host in production mode (secrets long enough, no test conveniences). */
export const ProductionEnv = {
  APP_ENV: "production",
  JWT_SECRET: "j".repeat(40),
  HASH_SECRET: "h".repeat(40),
  ENCRYPTION_KEY: "e".repeat(40),
  OPS_TOKEN: "o".repeat(40)
}
