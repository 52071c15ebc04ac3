/**
 * Admin fulfillment tasks through the real host: admins with challenges.manage create tasks due
 * their priority's service level, assign only PENDING ones (of concurrent assigns exactly one
 * wins), move them through start, complete, release and cancel, and read the SLA aging classes.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { challengeAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
let ops: { admin: { id: string }; headers: Record<string, string> }
let lead: Record<string, string>
beforeAll(async () => {
  ops = await challengeAdmin(host)
  lead = (await challengeAdmin(host)).headers
}, 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
const base = "/v2/admin/fulfillment-tasks"
const create = async (extra: Record<string, unknown> = {}) => {
  const res = await send("POST", base, { kind: "REWARD_SHIPMENT", title: "Ship the finisher tee", ...extra }, lead)
  expect(res.status).toBe(201)
  return res.body.data as { id: string; status: string; dueAt: string; createdAt: string }
}
/** Moves a task's creation (and so its due time) `hours` into the past. */
const age = (id: string, hours: number) =>
  host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`update challenges.fulfillment_tasks set created_at = created_at - make_interval(hours => ${hours}), due_at = due_at - make_interval(hours => ${hours}) where id = ${id}`))

describe("fulfillment tasks", () => {
  it("lets admins with challenges.manage create tasks due their service level and list them; others are refused", async () => {
    const athlete = await newAthlete(host)
    expect((await send("POST", base, { kind: "GOODIE", title: "Hand over the cap" }, {})).status).toBe(401)
    expect((await send("POST", base, { kind: "GOODIE", title: "Hand over the cap" }, athlete.headers)).status).toBe(403)
    expect((await send("GET", base, undefined, (await challengeAdmin(host, [])).headers)).status).toBe(403)
    const invalid = await send("POST", base, { kind: "PIGEON", title: "x", priority: "SOMEDAY" }, lead)
    expect(invalid.body.message).toEqual([
      "kind must be one of the following values: REWARD_SHIPMENT, GOODIE, RACE_KIT, OTHER",
      "title must be longer than or equal to 3 and shorter than or equal to 200 characters",
      "priority must be one of the following values: URGENT, HIGH, NORMAL, LOW"
    ])
    const urgent = await create({ priority: "URGENT", recipientUserId: athlete.user.id, subjectType: "challenge_reward", subjectId: "r-1" })
    expect(urgent).toMatchObject({ status: "PENDING", priority: "URGENT", recipientUserId: athlete.user.id, assigneeId: null, details: "" })
    expect(new Date(urgent.dueAt).getTime() - new Date(urgent.createdAt).getTime()).toBeGreaterThan(23.9 * 3_600_000)
    const normal = await create()
    expect(new Date(normal.dueAt).getTime() - new Date(urgent.dueAt).getTime()).toBeGreaterThan(47 * 3_600_000)
    const listed = await send("GET", `${base}?status=PENDING&limit=100`, undefined, lead)
    const ids = listed.body.data.items.map((t: { id: string }) => t.id)
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(normal.id))
  })

  it("assigns a PENDING task only, exactly once among concurrent assigns, then starts, completes, releases and cancels", async () => {
    const task = await create({ kind: "RACE_KIT", title: "Deliver the race kit" })
    expect((await send("POST", `${base}/${task.id}/assign`, { assigneeId: "someone" }, lead)).body.message).toEqual(["assigneeId must be a UUID"])
    const nobody = await send("POST", `${base}/${task.id}/assign`, { assigneeId: crypto.randomUUID() }, lead)
    expect(nobody.status).toBe(404)
    expect(nobody.body.code).toBe("ASSIGNEE_NOT_FOUND")
    const assigns = await Promise.all(Array.from({ length: 5 }, () => send("POST", `${base}/${task.id}/assign`, { assigneeId: ops.admin.id }, lead)))
    expect(assigns.filter((r) => r.status === 200)).toHaveLength(1)
    expect(assigns.filter((r) => r.status === 409).every((r) => r.body.code === "FULFILLMENT_TASK_MOVE_REFUSED")).toBe(true)
    expect(assigns.filter((r) => r.status === 409)).toHaveLength(4)
    expect((await send("GET", `${base}?assigneeId=${ops.admin.id}`, undefined, lead)).body.data.items.map((t: { id: string }) => t.id)).toContain(task.id)

    expect((await send("POST", `${base}/${task.id}/transition`, { move: "teleport" }, ops.headers)).body.message).toEqual([
      "move must be one of the following values: release, start, complete, cancel"
    ])
    const early = await send("POST", `${base}/${task.id}/transition`, { move: "complete" }, ops.headers)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("FULFILLMENT_TASK_MOVE_REFUSED")
    expect((await send("POST", `${base}/${task.id}/transition`, { move: "start" }, ops.headers)).body.data.status).toBe("IN_PROGRESS")
    const done = await send("POST", `${base}/${task.id}/transition`, { move: "complete", note: "Signed for at the door" }, ops.headers)
    expect(done.body.data).toMatchObject({ status: "DONE", statusNote: "Signed for at the door", assigneeId: ops.admin.id })
    expect(done.body.data.completedAt).not.toBeNull()
    expect((await send("POST", `${base}/${task.id}/transition`, { move: "cancel" }, ops.headers)).status).toBe(409)

    const other = await create()
    await send("POST", `${base}/${other.id}/assign`, { assigneeId: ops.admin.id }, lead)
    expect((await send("POST", `${base}/${other.id}/transition`, { move: "release" }, lead)).body.data).toMatchObject({ status: "PENDING", assigneeId: null })
    expect((await send("POST", `${base}/${other.id}/transition`, { move: "cancel", note: "Athlete moved abroad" }, lead)).body.data.status).toBe("CANCELLED")
    expect((await send("POST", `${base}/${crypto.randomUUID()}/transition`, { move: "start" }, lead)).status).toBe(404)
  })

  it("classes open tasks by SLA aging: on track, due soon, overdue and critical", async () => {
    const onTrack = await create({ priority: "NORMAL" })
    const dueSoon = await create({ priority: "NORMAL" })
    const overdue = await create({ priority: "URGENT" })
    const critical = await create({ priority: "URGENT" })
    const finished = await create({ priority: "URGENT" })
    await age(dueSoon.id, 60)
    await age(overdue.id, 30)
    await age(critical.id, 50)
    await age(finished.id, 50)
    await send("POST", `${base}/${finished.id}/transition`, { move: "cancel" }, lead)
    const aging = await send("GET", `${base}/aging`, undefined, lead)
    expect(aging.status).toBe(200)
    const classOf = new Map(aging.body.data.items.map((t: { id: string; agingClass: string }) => [t.id, t.agingClass]))
    expect([onTrack, dueSoon, overdue, critical].map((t) => classOf.get(t.id))).toEqual(["ON_TRACK", "DUE_SOON", "OVERDUE", "CRITICAL"])
    expect(classOf.has(finished.id)).toBe(false)
    expect(aging.body.data.items.find((t: { id: string }) => t.id === critical.id).ageHours).toBe(50)
    for (const c of ["ON_TRACK", "DUE_SOON", "OVERDUE", "CRITICAL"]) expect(aging.body.data.counts[c]).toBeGreaterThanOrEqual(1)
    expect((await send("GET", `${base}/aging`, undefined, (await newAthlete(host)).headers)).status).toBe(403)
  })
})
