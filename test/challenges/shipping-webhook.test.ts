/**
 * The shipping provider's tracking webhook through the real host: `x-api-key` checked (401
 * without, 403 wrong), the body's 400, every update stored in the webhook inbox first and applied
 * once (a replay answers duplicate), `Delivered` moving the matching SHIPPED challenge reward to
 * DELIVERED, other statuses recorded, and an unknown tracking number recorded as unmatched (200).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Schema } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import type { SeededOrganizer } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { address, close, prizeTable, rankedChallenge } from "./rewards-support.js"
import { challengesCast } from "./support.js"

const host = realHostOf(import.meta.url, { SHIPPING_PROVIDER_WEBHOOK_TOKEN: "ship-token-1" })
let admin: Record<string, string>, org: SeededOrganizer
beforeAll(async () => void ({ admin, org } = await challengesCast(host, "Webhook Org")), 60_000)

const hook = "/v2/integrations/shipping-provider/webhook"
const key = { "x-api-key": "ship-token-1" }
const inbox = (eventId: string) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`select status, error from notifications.webhook_inbox where source = 'shipping-provider' and event_id = ${eventId}`))
    .then((rows) => Schema.decodeUnknownSync(Schema.Array(Schema.Struct({ status: Schema.String, error: Schema.NullOr(Schema.String) })))(rows))

describe("shipping provider webhook", () => {
  it("checks the x-api-key, stores first, delivers the matching reward once and records unknown shipments as unmatched", async () => {
    expect((await host.http.request("POST", hook, { awb: "X1", current_status: "Delivered" }, {})).status).toBe(401)
    expect((await host.http.request("POST", hook, { awb: "X1", current_status: "Delivered" }, { "x-api-key": "nope" })).status).toBe(403)
    const bad = await host.http.request("POST", hook, { courier: "x" }, key)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe("awb should not be empty; current_status should not be empty")

    const ch = await rankedChallenge(host, admin, org, ({ eventId, ticketId }) => prizeTable(eventId, ticketId))
    await close(host, admin, ch.id)
    await host.http.request("POST", `/v2/challenges/${ch.id}/rewards/distribute`, { rewardTypes: ["MERCH"], userIds: [ch.a.user.id] }, org.owner.headers)
    const [tee] = (await host.http.request("GET", `/v2/challenges/${ch.id}/rewards`, undefined, ch.a.headers)).body.data as Array<{ id: string }>
    const rewardPath = `/v2/challenges/${ch.id}/rewards/${tee!.id}`
    await host.http.request("POST", `${rewardPath}/address`, { ...address, size: "M" }, ch.a.headers)
    const awb = `AWB${Date.now()}`
    expect((await host.http.request("POST", `${rewardPath}/ship`, { carrier: "Delhivery", trackingNumber: awb }, org.owner.headers)).status).toBe(200)

    const transit = await host.http.request("POST", hook, { awb, current_status: "In Transit", current_timestamp: "23 05 2026 11:00:00" }, key)
    expect(transit.body.data).toEqual({ received: true, duplicate: false, matchedBy: "challenge_reward", updated: 0 })
    const delivered = { awb, current_status: "Delivered", current_timestamp: "24 05 2026 15:30:00", courier_name: "Delhivery", scans: [] }
    const first = await host.http.request("POST", hook, delivered, key)
    expect(first.status).toBe(200)
    expect(first.body.data).toEqual({ received: true, duplicate: false, matchedBy: "challenge_reward", updated: 1 })
    const reward = (await host.http.request("GET", `/v2/challenges/${ch.id}/rewards`, undefined, ch.a.headers)).body.data[0]
    expect(reward).toMatchObject({ status: "DELIVERED", trackingNumber: awb })
    expect(reward.deliveredAt).not.toBeNull()
    const replay = await host.http.request("POST", hook, delivered, key)
    expect(replay.body.data).toEqual({ received: true, duplicate: true, matchedBy: null, updated: 0 })
    expect(await inbox(`${awb}:Delivered:24 05 2026 15:30:00`)).toEqual([{ status: "PROCESSED", error: null }])

    const unknown = await host.http.request("POST", hook, { awb: "NOSUCHAWB", current_status: "Delivered", eventId: "evt-unknown-1" }, key)
    expect(unknown.status).toBe(200)
    expect(unknown.body.data).toEqual({ received: true, duplicate: false, matchedBy: null, updated: 0 })
    expect(await inbox("evt-unknown-1")).toEqual([{ status: "PROCESSED", error: "unmatched: no shipment with tracking number NOSUCHAWB" }])
  })
})
