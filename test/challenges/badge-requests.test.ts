/**
 * Challenge badge requests through the real host: an organizer OWNER/ADMIN asks for a badge design,
 * club creators are not found yet, admins with `challenges.badges` list, read, complete (creating
 * the badge, by URL or uploaded image) or reject with a reason the creator sees verbatim; every
 * illegal move is 409 and two concurrent completes make exactly one badge.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Platform } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { freshPhone, multipart, newAdmin, newAthlete, PdfBytes, PngBytes, seedOrganizer, tokenFor } from "../organizers/support.js"

const host = realHostOf(import.meta.url)

const badgeAdmin = async (permissions: ReadonlyArray<string> = ["challenges.badges"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

const requestsPath = (organizerId: string) => `/v2/challenges/organizer/${organizerId}/badge-requests`

const RequestBody = {
  title: "Monsoon 100K badge",
  description: "A badge for finishing 100 km during the monsoon challenge",
  artworkNotes: "Rain drops and a running shoe, teal palette",
  dueDate: "2026-12-31"
}

/** A fresh organizer with one pending request made by its OWNER. */
const pendingRequest = async () => {
  const org = await seedOrganizer(host, "Badge Org")
  const res = await host.http.request("POST", requestsPath(org.id), RequestBody, org.owner.headers)
  expect(res.status).toBe(201)
  return { org, request: res.body.data as { id: string } }
}

const complete = (id: string, headers: Record<string, string>, body: Record<string, unknown> = {
  name: "Monsoon 100K",
  description: "Finished 100 km in the monsoon",
  criteria: "Log 100 km of runs between June and September",
  imageUrl: "https://cdn.example.com/badges/monsoon.png"
}) => host.http.request("POST", `/v2/admins/challenge-badge-requests/${id}/complete`, body, headers)

describe("challenge badge requests: creator side", () => {
  it("lets an organizer OWNER or ADMIN ask for a badge and list the organizer's requests", async () => {
    const org = await seedOrganizer(host, "Creator Org")
    const challengeId = crypto.randomUUID()
    const created = await host.http.request("POST", requestsPath(org.id), { ...RequestBody, challengeId }, org.owner.headers)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 201, statusText: "CREATED" })
    expect(created.body.data).toMatchObject({
      creatorType: "organizer",
      creatorId: org.id,
      challengeId,
      title: RequestBody.title,
      artworkNotes: RequestBody.artworkNotes,
      dueDate: "2026-12-31",
      status: "pending_admin_approval",
      rejectionReason: null,
      badge: null,
      requestedBy: { kind: "organizer", id: org.owner.memberId }
    })
    const byAdmin = await host.http.request("POST", requestsPath(org.id), { title: "Second", description: "Another badge design please" }, org.admin.headers)
    expect(byAdmin.status).toBe(201)
    expect(byAdmin.body.data).toMatchObject({ challengeId: null, artworkNotes: null, dueDate: null })

    const listed = await host.http.get(requestsPath(org.id), { headers: org.owner.headers })
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([byAdmin.body.data.id, created.body.data.id])
    // Another organizer's list does not show them.
    const other = await seedOrganizer(host, "Other Creator")
    const otherList = await host.http.get(requestsPath(other.id), { headers: other.owner.headers })
    expect(otherList.body.data).toEqual([])
  })

  it("refuses viewers, other organizers, athletes and anonymous callers", async () => {
    const org = await seedOrganizer(host, "Guarded Org")
    const other = await seedOrganizer(host, "Intruder Org")
    const athlete = await newAthlete(host)
    expect((await host.http.request("POST", requestsPath(org.id), RequestBody, org.viewer.headers)).status).toBe(403)
    expect((await host.http.get(requestsPath(org.id), { headers: org.viewer.headers })).status).toBe(403)
    const intruder = await host.http.request("POST", requestsPath(org.id), RequestBody, other.owner.headers)
    expect(intruder.status).toBe(403)
    expect(intruder.body).toMatchObject({ message: "Access Denied", data: null })
    expect((await host.http.get(requestsPath(org.id), { headers: other.owner.headers })).status).toBe(403)
    expect((await host.http.request("POST", requestsPath(org.id), RequestBody, athlete.headers)).status).toBe(403)
    expect((await host.http.request("POST", requestsPath(org.id), RequestBody)).status).toBe(401)
    expect((await host.http.get(requestsPath(org.id))).status).toBe(401)
    // An unknown organizer reads like a foreign one: outsiders learn nothing.
    expect((await host.http.request("POST", requestsPath(crypto.randomUUID()), RequestBody, org.owner.headers)).status).toBe(403)
  })

  it("answers 404 CREATOR_NOT_FOUND for club creators (clubs arrive with the clubs issue) and 400 for unknown creator types", async () => {
    const org = await seedOrganizer(host, "Club Probe Org")
    const club = await host.http.request("POST", `/v2/challenges/club/${crypto.randomUUID()}/badge-requests`, RequestBody, org.owner.headers)
    expect(club.status).toBe(404)
    expect(club.body).toMatchObject({ code: "CREATOR_NOT_FOUND", data: null })
    const clubList = await host.http.get(`/v2/challenges/club/${crypto.randomUUID()}/badge-requests`, { headers: org.owner.headers })
    expect(clubList.status).toBe(404)
    const bogus = await host.http.request("POST", `/v2/challenges/brand/${org.id}/badge-requests`, RequestBody, org.owner.headers)
    expect(bogus.status).toBe(400)
    expect(bogus.body.message).toEqual(["creatorType must be one of the following values: organizer, club"])
  })

  it("validates the request body, reporting every failing field", async () => {
    const org = await seedOrganizer(host, "Validation Org")
    const res = await host.http.request("POST", requestsPath(org.id), {
      challengeId: "nope",
      title: "x",
      description: "short",
      dueDate: "2026-02-30"
    }, org.owner.headers)
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual([
      "challengeId must be a UUID",
      "title must be longer than or equal to 3 and shorter than or equal to 120 characters",
      "description must be longer than or equal to 10 and shorter than or equal to 2000 characters",
      "dueDate must be a valid date (YYYY-MM-DD)"
    ])
    const missing = await host.http.request("POST", requestsPath(org.id), {}, org.owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toHaveLength(2)
  })
})

describe("challenge badge requests: admin side", () => {
  it("lists requests with an optional status filter and reads one; 400 on an unknown status", async () => {
    const { request } = await pendingRequest()
    const { headers } = await badgeAdmin()
    const all = await host.http.get("/v2/admins/challenge-badge-requests", { headers })
    expect(all.status).toBe(200)
    expect(all.body.data.map((r: { id: string }) => r.id)).toContain(request.id)
    const pending = await host.http.get("/v2/admins/challenge-badge-requests?status=pending_admin_approval", { headers })
    expect(pending.body.data.every((r: { status: string }) => r.status === "pending_admin_approval")).toBe(true)
    expect(pending.body.data.map((r: { id: string }) => r.id)).toContain(request.id)
    const completed = await host.http.get("/v2/admins/challenge-badge-requests?status=completed", { headers })
    expect(completed.body.data.map((r: { id: string }) => r.id)).not.toContain(request.id)
    const bad = await host.http.get("/v2/admins/challenge-badge-requests?status=approved", { headers })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["status must be one of the following values: pending_admin_approval, completed, rejected"])

    const one = await host.http.get(`/v2/admins/challenge-badge-requests/${request.id}`, { headers })
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({ id: request.id, status: "pending_admin_approval", title: RequestBody.title })
    expect((await host.http.get(`/v2/admins/challenge-badge-requests/${crypto.randomUUID()}`, { headers })).status).toBe(404)
    expect((await host.http.get("/v2/admins/challenge-badge-requests/not-a-uuid", { headers })).status).toBe(404)
  })

  it("requires the admin role and the challenges.badges permission", async () => {
    const { org, request } = await pendingRequest()
    const athlete = await newAthlete(host)
    const plainAdmin = await newAdmin(host)
    const otherPermission = await badgeAdmin(["admins.read"])
    const superAdmin = await badgeAdmin(["*"])
    for (const path of ["/v2/admins/challenge-badge-requests", `/v2/admins/challenge-badge-requests/${request.id}`]) {
      expect((await host.http.get(path)).status).toBe(401)
      expect((await host.http.get(path, { headers: athlete.headers })).status).toBe(403)
      expect((await host.http.get(path, { headers: org.owner.headers })).status).toBe(403)
      const denied = await host.http.get(path, { headers: plainAdmin.headers })
      expect(denied.status).toBe(403)
      expect(denied.body).toMatchObject({ code: "ADMIN_PERMISSION_REQUIRED" })
      expect((await host.http.get(path, { headers: otherPermission.headers })).status).toBe(403)
      expect((await host.http.get(path, { headers: superAdmin.headers })).status).toBe(200)
    }
    expect((await complete(request.id, plainAdmin.headers)).status).toBe(403)
    expect((await host.http.request("POST", `/v2/admins/challenge-badge-requests/${request.id}/reject`, { reason: "Not a fit for the platform" }, org.owner.headers)).status).toBe(403)
    // Nothing moved.
    const still = await host.http.get(`/v2/admins/challenge-badge-requests/${request.id}`, { headers: superAdmin.headers })
    expect(still.body.data.status).toBe("pending_admin_approval")
  })

  it("completes a request by creating the badge from an image URL, with an audit row; a second move is 409", async () => {
    const { org, request } = await pendingRequest()
    const { admin, headers } = await badgeAdmin()
    const done = await complete(request.id, headers)
    expect(done.status).toBe(201)
    expect(done.body.data).toMatchObject({
      id: request.id,
      status: "completed",
      reviewedAt: expect.any(String),
      badge: {
        requestId: request.id,
        name: "Monsoon 100K",
        criteria: "Log 100 km of runs between June and September",
        imageUrl: "https://cdn.example.com/badges/monsoon.png"
      }
    })
    expect(done.body.data.badgeId).toBe(done.body.data.badge.id)
    // The creator sees the badge on their list.
    const mine = await host.http.get(requestsPath(org.id), { headers: org.owner.headers })
    expect(mine.body.data[0]).toMatchObject({ status: "completed", badge: { id: done.body.data.badgeId } })

    const again = await complete(request.id, headers)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: "BADGE_REQUEST_NOT_PENDING", message: "A badge request that is completed cannot be completed" })
    const reject = await host.http.request("POST", `/v2/admins/challenge-badge-requests/${request.id}/reject`, { reason: "Changed our mind entirely" }, headers)
    expect(reject.status).toBe(409)
    expect(reject.body.message).toBe("A badge request that is completed cannot be rejected")

    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) =>
      log.list({ subjectKind: "challenge_badge_request", subjectId: request.id, limit: 10 })))
    expect(audit.map((e) => e.action)).toContain("challenges.badge_request.completed")
    expect(audit.find((e) => e.action === "challenges.badge_request.completed")).toMatchObject({ actorKind: "admin", actorId: admin.id })
  })

  it("completes with an uploaded image stored through the blob store and served by a signed media URL", async () => {
    const { request } = await pendingRequest()
    const { headers } = await badgeAdmin()
    const fields = { name: "Uploaded badge", description: "Badge with an uploaded image", criteria: "Finish the challenge" }
    const wrongType = await multipart(host, "POST", `/v2/admins/challenge-badge-requests/${request.id}/complete`, {
      ...fields,
      image: { bytes: PdfBytes, name: "badge.pdf", type: "application/pdf" }
    }, headers)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.message).toEqual(["image must be a file of type PNG, JPG, WEBP"])
    const neither = await multipart(host, "POST", `/v2/admins/challenge-badge-requests/${request.id}/complete`, fields, headers)
    expect(neither.status).toBe(400)
    expect(neither.body.message).toEqual(["imageUrl or image is required"])
    const both = await multipart(host, "POST", `/v2/admins/challenge-badge-requests/${request.id}/complete`, {
      ...fields,
      imageUrl: "https://cdn.example.com/x.png",
      image: { bytes: PngBytes, name: "badge.png", type: "image/png" }
    }, headers)
    expect(both.status).toBe(400)
    const invalid = await complete(request.id, headers, { name: "x", description: "", criteria: "ok", imageUrl: "http://insecure.example.com/a.png" })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual([
      "name must be longer than or equal to 2 and shorter than or equal to 100 characters",
      "description must be longer than or equal to 1 and shorter than or equal to 1000 characters",
      "imageUrl must be an https URL"
    ])

    const done = await multipart(host, "POST", `/v2/admins/challenge-badge-requests/${request.id}/complete`, {
      ...fields,
      image: { bytes: PngBytes, name: "badge.png", type: "image/png" }
    }, headers)
    expect(done.status).toBe(201)
    expect(done.body.data.status).toBe("completed")
    const url: string = done.body.data.badge.imageUrl
    expect(url).toMatch(/^\/v2\/media\/content\/[^/?]+\?download=0$/)
    const served = await host.http.get(url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/png")
    // A completed request refuses another upload before storing anything.
    const late = await multipart(host, "POST", `/v2/admins/challenge-badge-requests/${request.id}/complete`, {
      ...fields,
      image: { bytes: PngBytes, name: "badge.png", type: "image/png" }
    }, headers)
    expect(late.status).toBe(409)
  })

  it("rejects with a 10–500 character reason returned verbatim to the creator; further moves are 409", async () => {
    const { org, request } = await pendingRequest()
    const { admin, headers } = await badgeAdmin()
    const rejectPath = `/v2/admins/challenge-badge-requests/${request.id}/reject`
    const short = await host.http.request("POST", rejectPath, { reason: "too short" }, headers)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    expect((await host.http.request("POST", rejectPath, { reason: "x".repeat(501) }, headers)).status).toBe(400)
    expect((await host.http.request("POST", rejectPath, {}, headers)).status).toBe(400)

    const reason = "Artwork notes conflict with a sponsor's trademark — please resubmit  with other colours."
    const rejected = await host.http.request("POST", rejectPath, { reason }, headers)
    expect(rejected.status).toBe(201)
    expect(rejected.body.data).toMatchObject({ status: "rejected", rejectionReason: reason, badge: null })
    const mine = await host.http.get(requestsPath(org.id), { headers: org.owner.headers })
    expect(mine.body.data[0]).toMatchObject({ id: request.id, status: "rejected", rejectionReason: reason })

    expect((await host.http.request("POST", rejectPath, { reason }, headers)).status).toBe(409)
    const late = await complete(request.id, headers)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe("A badge request that is rejected cannot be completed")
    expect((await host.http.request("POST", `/v2/admins/challenge-badge-requests/${crypto.randomUUID()}/reject`, { reason }, headers)).status).toBe(404)
    expect((await complete(crypto.randomUUID(), headers)).status).toBe(404)

    const audit = await host.run(Effect.flatMap(Platform.AuditLog, (log) =>
      log.list({ subjectKind: "challenge_badge_request", subjectId: request.id, limit: 10 })))
    expect(audit.find((e) => e.action === "challenges.badge_request.rejected")).toMatchObject({ actorId: admin.id, reason })
  })

  it("lets exactly one of two concurrent completes win and makes one badge", async () => {
    const { headers } = await badgeAdmin()
    for (let round = 0; round < 3; round++) {
      const { request } = await pendingRequest()
      const [a, b] = await Promise.all([complete(request.id, headers), complete(request.id, headers)])
      expect([a.status, b.status].sort()).toEqual([201, 409])
      const badges = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ readonly n: number }>`select count(*)::int as n from challenges.badges where request_id = ${request.id}`))
      expect(badges[0]!.n).toBe(1)
    }
    // A complete racing a reject: one wins, the other is 409.
    const { request } = await pendingRequest()
    const [c, r] = await Promise.all([
      complete(request.id, headers),
      host.http.request("POST", `/v2/admins/challenge-badge-requests/${request.id}/reject`, { reason: "Racing the completion here" }, headers)
    ])
    expect([c.status, r.status].sort()).toEqual([201, 409])
  })
})
