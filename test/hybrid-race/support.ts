/** Hybrid race test helpers: an athlete (optionally named), and an attempt run through to a submitted result. */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { expect } from "vitest"
import { freshPhone, tokenFor } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"

export const namedAthlete = async (host: RealHost, firstName: string, lastName: string) => {
  const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), firstName, lastName })))
  return { user, headers: await tokenFor(host, "user", user.id) }
}

export const step = async (host: RealHost, eventId: string, name: string, headers: Record<string, string>, body?: unknown, status = 200) => {
  const answer = await host.http.request("POST", `/v2/hybrid-race/${eventId}/${name}`, body, headers)
  expect(answer.status, `${name}: ${answer.text}`).toBe(status)
  return answer.body.data
}

/** Checkpoints 1..n passed (or skipped where listed), then finish and submit: the attempt as submitted. */
export const raceThrough = async (host: RealHost, eventId: string, headers: Record<string, string>, options: { checkpoints?: number; skip?: ReadonlyArray<number>; started?: boolean } = {}) => {
  if (options.started !== true) await step(host, eventId, "start", headers, undefined, 201)
  for (let index = 1; index <= (options.checkpoints ?? 2); index++) await step(host, eventId, options.skip?.includes(index) ? "skip" : "checkpoint", headers, { index })
  await step(host, eventId, "finish", headers)
  return step(host, eventId, "submit", headers)
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
