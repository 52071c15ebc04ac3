/** Helpers of the challenges tests: a challenge body, drafting through HTTP and approving it. */
import { expect } from "vitest"
import { freshPhone, seedOrganizer, tokenFor } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"
import { Accounts } from "@podium/core"
import { Effect } from "effect"

export const day = 86_400_000

/** A challenge body for `creatorType`/`creatorId`, starting tomorrow for 30 days. */
export const challengeBody = (extra: Record<string, unknown> = {}) => ({
  title: "Monsoon 100K",
  description: "Run 100 km before the rains end",
  activityType: "RUN",
  goalType: "DISTANCE",
  goalValue: 100_000,
  startsAt: new Date(Date.now() + day).toISOString(),
  endsAt: new Date(Date.now() + 31 * day).toISOString(),
  timeZone: "Asia/Kolkata",
  ...extra
})

/** An admin holding `permissions` (default: challenges.manage). */
export const challengeAdmin = async (host: RealHost, permissions: ReadonlyArray<string> = ["challenges.manage"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

/** Drafts a challenge through HTTP as `headers` and answers it. */
export const draft = async (host: RealHost, headers: Record<string, string>, body: Record<string, unknown>) => {
  const res = await host.http.post("/v2/challenges", body, headers)
  if (res.status !== 201) throw new Error(`challenge create failed: ${res.status} ${res.text}`)
  return res.body.data as { id: string; slug: string; status: string; creatorType: string; creatorId: string; participantCount: number }
}

/** Drafts and approves a challenge (ACTIVE). */
export const activeChallenge = async (host: RealHost, reviewer: Record<string, string>, body: Record<string, unknown>) => {
  const created = await draft(host, reviewer, body)
  const approved = await host.http.request("PATCH", `/v2/challenges/${created.id}/review`, { decision: "APPROVE" }, reviewer)
  expect(approved.status).toBe(200)
  return approved.body.data as typeof created
}

/** The cast of a challenges test file: an admin with challenges.manage and an organizer that creates challenges. */
export const challengesCast = async (host: RealHost, organizerName: string) => ({
  admin: (await challengeAdmin(host)).headers,
  org: await seedOrganizer(host, organizerName)
})
