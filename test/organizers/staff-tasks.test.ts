/**
 * Organizer staff tasks through the real host: create (OWNER/ADMIN) and list (also VIEWER) for the
 * organizer the tenancy guard grants, assignees limited to the organizer's active members, every
 * legal and illegal status move (409), race-safe moves and audit rows in the activity log.
 */
import { Organizers } from "@podium/core"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { seedOrganizer, type SeededOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)

const createTask = (org: SeededOrganizer, body: Record<string, unknown> = { title: "Set up the water station" }) =>
  host.http.request("POST", "/v2/organizer/staff-tasks", body, org.owner.headers)

const move = (org: SeededOrganizer, taskId: string, status: string, headers = org.owner.headers) =>
  host.http.request("PATCH", `/v2/organizer/staff-tasks/${taskId}/status`, { status }, headers)

describe("organizer staff tasks", () => {
  it("creates tasks for the caller's organizer and lists them to every team role, newest first", async () => {
    const org = await seedOrganizer(host, "Tasks Org")
    const created = await createTask(org, {
      title: "Print bibs",
      description: "Bibs 1–500, waterproof paper",
      assigneeMemberId: org.admin.memberId,
      dueAt: "2026-12-01T09:00:00Z"
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      organizerId: org.id,
      title: "Print bibs",
      description: "Bibs 1–500, waterproof paper",
      assigneeMemberId: org.admin.memberId,
      dueAt: "2026-12-01T09:00:00.000Z",
      status: "OPEN",
      createdByMemberId: org.owner.memberId
    })
    const byAdmin = await host.http.request("POST", "/v2/organizer/staff-tasks", { title: "Book the venue" }, org.admin.headers)
    expect(byAdmin.status).toBe(201)
    expect(byAdmin.body.data).toMatchObject({ description: null, assigneeMemberId: null, dueAt: null })

    const listed = await host.http.get("/v2/organizer/staff-tasks", { headers: org.viewer.headers })
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([byAdmin.body.data.id, created.body.data.id])
    // Viewers read but do not write.
    expect((await host.http.request("POST", "/v2/organizer/staff-tasks", { title: "Nope" }, org.viewer.headers)).status).toBe(403)
    expect((await move(org, created.body.data.id, "IN_PROGRESS", org.viewer.headers)).status).toBe(403)
    expect((await host.http.get("/v2/organizer/staff-tasks")).status).toBe(401)

    // Another organizer sees none of them and cannot move them, even naming the id.
    const other = await seedOrganizer(host, "Other Tasks Org")
    expect((await host.http.get("/v2/organizer/staff-tasks", { headers: other.owner.headers })).body.data).toEqual([])
    expect((await move(other, created.body.data.id, "IN_PROGRESS")).status).toBe(404)
    const crossHeader = await host.http.request("GET", "/v2/organizer/staff-tasks", undefined, { ...other.owner.headers, "x-organizer-id": org.id })
    expect(crossHeader.status).toBe(403)
  })

  it("validates the body and refuses assignees who are not active members of the organizer", async () => {
    const org = await seedOrganizer(host, "Validate Tasks Org")
    const other = await seedOrganizer(host, "Foreign Members Org")
    const invalid = await createTask(org, { title: "", assigneeMemberId: "abc", dueAt: "next week" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "title must be longer than or equal to 1 and shorter than or equal to 200 characters",
      "assigneeMemberId must be a UUID",
      "dueAt must be a valid ISO 8601 date string"
    ])
    expect((await createTask(org, {})).status).toBe(400)
    const foreign = await createTask(org, { title: "Borrowed hands", assigneeMemberId: other.admin.memberId })
    expect(foreign.status).toBe(400)
    expect(foreign.body.message).toEqual(["assigneeMemberId must be an active member of this organizer"])
    const badStatus = await move(org, crypto.randomUUID(), "FINISHED")
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.message).toEqual(["status must be one of the following values: OPEN, IN_PROGRESS, DONE, CANCELLED"])
    expect((await move(org, crypto.randomUUID(), "DONE")).status).toBe(404)
    expect((await move(org, "not-a-uuid", "DONE")).status).toBe(404)
  })

  it("allows exactly the moves of the status machine and answers 409 for every other", async () => {
    const org = await seedOrganizer(host, "Machine Org")
    // How to reach each status from OPEN by legal moves.
    const pathTo: Record<Organizers.StaffTaskStatus, ReadonlyArray<Organizers.StaffTaskStatus>> = {
      OPEN: [],
      IN_PROGRESS: ["IN_PROGRESS"],
      DONE: ["IN_PROGRESS", "DONE"],
      CANCELLED: ["CANCELLED"]
    }
    const legal = new Set(Organizers.StaffTaskMoves.map((m) => `${m.from}->${m.to}`))
    expect([...legal].sort()).toEqual(["IN_PROGRESS->CANCELLED", "IN_PROGRESS->DONE", "OPEN->CANCELLED", "OPEN->IN_PROGRESS"])
    const failures: Array<string> = []
    for (const from of Organizers.StaffTaskStatuses) {
      for (const to of Organizers.StaffTaskStatuses) {
        const task = (await createTask(org, { title: `${from} to ${to}` })).body.data as { id: string }
        for (const step of pathTo[from]) expect((await move(org, task.id, step)).status).toBe(200)
        const res = await move(org, task.id, to)
        const want = legal.has(`${from}->${to}`) ? 200 : 409
        if (res.status !== want) failures.push(`${from} -> ${to}: expected ${want}, got ${res.status} ${res.text.slice(0, 120)}`)
        if (want === 200) expect(res.body.data.status).toBe(to)
        if (want === 409) expect(res.body).toMatchObject({ code: "STAFF_TASK_ILLEGAL_TRANSITION", message: `A staff task cannot move from ${from} to ${to}` })
      }
    }
    expect(failures).toEqual([])
  })

  it("lets only one of two concurrent moves from the same status win, and logs moves in the activity log", async () => {
    const org = await seedOrganizer(host, "Race Tasks Org")
    for (let round = 0; round < 3; round++) {
      // From IN_PROGRESS both DONE and CANCELLED are legal and final: only one of them may land.
      const task = (await createTask(org, { title: `Race ${round}` })).body.data as { id: string }
      expect((await move(org, task.id, "IN_PROGRESS")).status).toBe(200)
      const [a, b] = await Promise.all([move(org, task.id, "DONE"), move(org, task.id, "CANCELLED", org.admin.headers)])
      expect([a.status, b.status].sort()).toEqual([200, 409])
      const final = (await host.http.get("/v2/organizer/staff-tasks", { headers: org.owner.headers })).body.data
        .find((t: { id: string }) => t.id === task.id)
      expect(final.status).toBe(a.status === 200 ? "DONE" : "CANCELLED")
    }
    const activity = await host.http.get("/v2/organizer/team/activity?limit=100", { headers: org.owner.headers })
    const actions = activity.body.data.items.map((e: { action: string }) => e.action)
    expect(actions.filter((a: string) => a === "organizer.staff_task.created")).toHaveLength(3)
    expect(actions.filter((a: string) => a === "organizer.staff_task.status_changed")).toHaveLength(6)
  })
})
