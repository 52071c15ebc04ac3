/**
 * Mobile experiences and promotions through the real host: admins with promotions.manage write,
 * upload creatives for, publish, pause and archive experiences (401/403 before anything is read, the
 * spec's 400 wording, 409 codes, a concurrent double publish won once); athletes read the promotions
 * of a placement, frequency-capped per session, and record impressions (never past the cap, even
 * all at once) and one click per session; organizers read the experiences promoting their events.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { challengeAdmin } from "../challenges/support.js"
import { seedEvent } from "../events/event-config-support.js"
import { publishedEvent } from "../events/support.js"
import { adminWithPermissions } from "../notifications/http-support.js"
import { multipart, newAthlete, PdfBytes, PngBytes, type SeededOrganizer, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)
const Base = "/v2/admin/mobile-experiences"

let admin: Record<string, string>
let org: SeededOrganizer
let rival: SeededOrganizer
let eventId: string
beforeAll(async () => {
  admin = (await challengeAdmin(host(), ["promotions.manage"])).headers
  org = await seedOrganizer(host(), "Promo Org")
  rival = await seedOrganizer(host(), "Rival Promo Org")
  eventId = (await seedEvent(host(), org.id, "Promoted Marathon")).id
})

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = admin) => host().http.request(method, path, body, headers)
const create = (body: Record<string, unknown>) => send("POST", Base, { name: "Spring promo", purpose: "EVENT_PROMOTION", placement: "HOME_BANNER", title: "Run the spring", ...body })
const live = async (body: Record<string, unknown> = {}) => {
  const created = await create(body)
  expect(created.status).toBe(201)
  const published = await send("POST", `${Base}/${created.body.data.id}/publish`)
  expect(published.status).toBe(201)
  return published.body.data as { id: string }
}

describe("mobile experiences (admin)", () => {
  it("answers 401 without a token and 403 to an athlete or an admin without promotions.manage, before reading the body", async () => {
    expect((await send("GET", Base, undefined, {})).status).toBe(401)
    expect((await send("POST", Base, { bad: true }, (await newAthlete(host())).headers)).status).toBe(403)
    const plain = (await challengeAdmin(host(), [])).headers
    expect((await send("GET", `${Base}/options`, undefined, plain)).status).toBe(403)
    expect((await multipart(host(), "POST", `${Base}/media`, { file: { bytes: PngBytes, name: "a.png" } }, plain)).status).toBe(403)
  })

  it("offers the form's enums and the routes the app knows", async () => {
    const options = await send("GET", `${Base}/options`)
    expect(options.status).toBe(200)
    expect(options.body.data.statuses).toEqual(["DRAFT", "PUBLISHED", "PAUSED", "ARCHIVED"])
    expect(options.body.data.placements).toContain("HOME_BANNER")
    const routes = await send("GET", `${Base}/destinations`)
    expect(routes.body.data.routes.map((r: { route: string }) => r.route)).toContain("EVENT")
    expect((await send("GET", `${Base}/destinations?search=club`)).body.data.routes.map((r: { route: string }) => r.route)).toEqual(["CLUB", "CLUBS_LIST"])
    const target = await send("GET", `${Base}/destinations?route=EVENT&id=${eventId}`)
    expect(target.body.data.target).toMatchObject({ route: "EVENT", id: eventId, label: "Promoted Marathon" })
    const missing = await send("GET", `${Base}/destinations?route=EVENT&id=${crypto.randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe("DESTINATION_NOT_FOUND")
  })

  it("searches real records for entity routes", async () => {
    const reviewer = await adminWithPermissions(host(), ["events.review"])
    const published = await publishedEvent(host(), org, reviewer, { title: "Harbour Lights Night Run" })
    const found = await send("GET", `${Base}/destinations/search?route=EVENT&q=harbour`)
    expect(found.status).toBe(200)
    expect(found.body.data.items.map((i: { id: string }) => i.id)).toContain(published.id)
    const byId = await send("GET", `${Base}/destinations/search?route=EVENT&id=${eventId}`)
    expect(byId.body.data.items).toEqual([expect.objectContaining({ id: eventId, label: "Promoted Marathon" })])
    const url = await send("GET", `${Base}/destinations/search?route=URL&q=x`)
    expect(url.status).toBe(400)
    expect(url.body.message).toEqual(["route must be one of the following values: EVENT, CHALLENGE, CLUB"])
  })

  it("uploads one image or MP4 creative and refuses anything else in the spec's wording", async () => {
    const png = await multipart(host(), "POST", `${Base}/media`, { file: { bytes: PngBytes, name: "banner.png", type: "image/png" } }, admin)
    expect(png.status).toBe(201)
    expect(png.body.data).toMatchObject({ contentType: "image/png", size: PngBytes.length })
    expect((await host().http.get(png.body.data.url)).status).toBe(200)
    const pdf = await multipart(host(), "POST", `${Base}/media`, { file: { bytes: PdfBytes, name: "x.pdf" } }, admin)
    expect(pdf.status).toBe(400)
    expect(pdf.body.message).toEqual(["file must be a file of type PNG, JPG, WEBP, MP4"])
    const none = await multipart(host(), "POST", `${Base}/media`, { note: "x" }, admin)
    expect(none.body.message).toEqual(["file should not be empty"])
  })

  it("creates a draft promoting an event (the organizer is taken from it), reads, lists, changes it and archives it", async () => {
    const creative = (await multipart(host(), "POST", `${Base}/media`, { file: { bytes: PngBytes, name: "b.png" } }, admin)).body.data
    const created = await create({ destinationRoute: "EVENT", destinationId: eventId, creativeId: creative.id, frequencyCapPerSession: 2, audience: { minAccountAgeDays: null } })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ status: "DRAFT", organizerId: org.id, creativeId: creative.id, mediaContentType: "image/png", frequencyCapPerSession: 2 })
    expect(created.body.data.audience).toEqual({ newUsersWithinDays: null, minAccountAgeDays: null, includeUserIds: [], excludeUserIds: [] })
    const id = created.body.data.id as string
    expect((await send("GET", `${Base}/${id}`)).body.data.title).toBe("Run the spring")
    const changed = await send("PATCH", `${Base}/${id}`, { title: "Run the summer", priority: 7 })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ title: "Run the summer", priority: 7, destinationId: eventId })
    const listed = await send("GET", `${Base}?status=DRAFT&purpose=EVENT_PROMOTION&search=summer`)
    expect(listed.body.data.items.map((e: { id: string }) => e.id)).toContain(id)
    const archived = await send("DELETE", `${Base}/${id}`)
    expect(archived.status).toBe(200)
    expect(archived.body.data.status).toBe("ARCHIVED")
    expect((await send("DELETE", `${Base}/${id}`)).status).toBe(200)
    const late = await send("PATCH", `${Base}/${id}`, { title: "Too late" })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("MOBILE_EXPERIENCE_ARCHIVED")
    expect((await send("GET", `${Base}/${crypto.randomUUID()}`)).body.code).toBe("MOBILE_EXPERIENCE_NOT_FOUND")
  })

  it("answers 400 with every problem of a body", async () => {
    const missing = await send("POST", Base, { purpose: "EVENT_PROMOTION", placement: "HOME_BANNER", title: "x" })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["name must be longer than or equal to 1 and shorter than or equal to 120 characters"])
    const badEnum = await create({ placement: "NOWHERE" })
    expect(badEnum.status).toBe(400)
    expect(badEnum.body.message.join(" ")).toContain("placement must be one of the following values")
    const ghost = await create({ destinationRoute: "EVENT", destinationId: crypto.randomUUID(), creativeId: crypto.randomUUID() })
    expect(ghost.status).toBe(400)
    expect(ghost.body.message).toEqual(["destinationId must name an existing event", "creativeId must name an uploaded creative"])
    const url = await create({ destinationRoute: "URL", destinationId: "http://plain.example" })
    expect(url.body.message).toEqual(["destinationId must be an https URL"])
    const dates = await create({ startsAt: "2026-05-02T00:00:00Z", endsAt: "2026-05-01T00:00:00Z" })
    expect(dates.body.message).toEqual(["endsAt must be after startsAt"])
    const listOnly = await create({ destinationRoute: "EVENTS_LIST", destinationId: eventId })
    expect(listOnly.body.message).toEqual(["destinationId must be empty for route EVENTS_LIST"])
  })

  it("publishes, pauses and republishes; refuses an illegal move with 409; a double publish at once is won once", async () => {
    const created = (await create({})).body.data
    const pauseDraft = await send("POST", `${Base}/${created.id}/pause`)
    expect(pauseDraft.status).toBe(409)
    expect(pauseDraft.body.code).toBe("MOBILE_EXPERIENCE_MOVE_REFUSED")
    const racing = await Promise.all([send("POST", `${Base}/${created.id}/publish`), send("POST", `${Base}/${created.id}/publish`)])
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await send("POST", `${Base}/${created.id}/pause`)).body.data.status).toBe("PAUSED")
    expect((await send("POST", `${Base}/${created.id}/publish`)).body.data.status).toBe("PUBLISHED")
    const ended = (await create({ startsAt: "2020-01-01T00:00:00Z", endsAt: "2020-02-01T00:00:00Z" })).body.data
    const late = await send("POST", `${Base}/${ended.id}/publish`)
    expect(late.status).toBe(409)
    expect(late.body.code).toBe("MOBILE_EXPERIENCE_ENDED")
  })

  it("tells whether a user is eligible and why not", async () => {
    const athlete = await newAthlete(host())
    const other = await newAthlete(host())
    const e = await live({ placement: "CLUBS_TAB", audience: { includeUserIds: [athlete.user.id] } })
    const yes = await send("GET", `${Base}/${e.id}/eligibility?userId=${athlete.user.id}`)
    expect(yes.body.data).toEqual({ experienceId: e.id, userId: athlete.user.id, eligible: true, reasons: [] })
    const no = await send("GET", `${Base}/${e.id}/eligibility?userId=${other.user.id}`)
    expect(no.body.data.eligible).toBe(false)
    expect(no.body.data.reasons).toEqual(["the user is not in the audience's user list"])
    expect((await send("GET", `${Base}/${e.id}/eligibility?userId=nope`)).body.message).toEqual(["userId must be a UUID"])
    expect((await send("GET", `${Base}/${e.id}/eligibility?userId=${crypto.randomUUID()}`)).body.code).toBe("USER_NOT_FOUND")
  })
})

describe("promotions (athletes)", () => {
  it("serves eligible published promotions of a placement, capped per session, and counts impressions and one click per session", async () => {
    const athlete = await newAthlete(host())
    const outsider = await newAthlete(host())
    const e = await live({ placement: "EVENTS_TAB", frequencyCapPerSession: 2, priority: 9, audience: { excludeUserIds: [outsider.user.id] } })
    const read = (session: string, headers: Record<string, string> = athlete.headers) => send("GET", `/v2/users/me/promotions?placement=EVENTS_TAB&sessionId=${session}`, undefined, headers)
    expect((await send("GET", "/v2/users/me/promotions?placement=EVENTS_TAB", undefined, {})).status).toBe(401)
    expect((await read("s1", admin)).status).toBe(403)
    expect((await send("GET", "/v2/users/me/promotions", undefined, athlete.headers)).status).toBe(400)
    expect((await read("s1")).body.data.map((p: { id: string }) => p.id)).toContain(e.id)
    expect((await read("s1", outsider.headers)).body.data.map((p: { id: string }) => p.id)).not.toContain(e.id)

    const impression = (session: string) => send("POST", `/v2/users/me/promotions/${e.id}/impression`, { sessionId: session }, athlete.headers)
    expect((await impression("s1")).body.data.counted).toBe(true)
    expect((await impression("s1")).body.data.counted).toBe(true)
    const third = await impression("s1")
    expect(third.status).toBe(201)
    expect(third.body.data.counted).toBe(false)
    expect((await read("s1")).body.data.map((p: { id: string }) => p.id)).not.toContain(e.id)
    expect((await read("s2")).body.data.map((p: { id: string }) => p.id)).toContain(e.id)

    const click = () => send("POST", `/v2/users/me/promotions/${e.id}/click`, { sessionId: "s1" }, athlete.headers)
    expect((await click()).body.data.counted).toBe(true)
    expect((await click()).body.data.counted).toBe(false)
    const blocked = await send("POST", `/v2/users/me/promotions/${e.id}/click`, { sessionId: "s1" }, outsider.headers)
    expect(blocked.status).toBe(404)
    expect(blocked.body.code).toBe("PROMOTION_NOT_FOUND")
    expect((await send("POST", `/v2/users/me/promotions/${e.id}/impression`, {}, athlete.headers)).status).toBe(400)

    const numbers = await send("GET", `${Base}/${e.id}/analytics`)
    expect(numbers.status).toBe(200)
    expect(numbers.body.data).toMatchObject({ impressions: 2, clicks: 1, uniqueViewers: 1, sessions: 1, clickThroughRate: 50 })
    expect(numbers.body.data.byDay).toHaveLength(1)
    const empty = await send("GET", `${Base}/${e.id}/analytics?from=2020-01-01&to=2020-01-31`)
    expect(empty.body.data).toMatchObject({ impressions: 0, clicks: 0 })
    expect((await send("GET", `${Base}/${e.id}/analytics?from=yesterday`)).body.message).toEqual(["from must be a valid ISO 8601 date string"])

    // Paused: no longer served, no longer counted.
    await send("POST", `${Base}/${e.id}/pause`)
    expect((await read("s3")).body.data.map((p: { id: string }) => p.id)).not.toContain(e.id)
    expect((await impression("s3")).status).toBe(404)
  })

  it("never counts past the cap when one session's impressions arrive all at once", async () => {
    const athlete = await newAthlete(host())
    const e = await live({ placement: "ACTIVITY_SUMMARY", frequencyCapPerSession: 2 })
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send("POST", `/v2/users/me/promotions/${e.id}/impression`, { sessionId: "burst" }, athlete.headers)))
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
    expect(answers.filter((a) => a.body.data.counted).length).toBe(2)
    expect((await send("GET", `${Base}/${e.id}/analytics`)).body.data.impressions).toBe(2)
  })
})

describe("organizer promotions", () => {
  it("lists the experiences promoting the organizer's events (never drafts or other organizers') with their numbers", async () => {
    const promoted = await live({ destinationRoute: "EVENT", destinationId: eventId, placement: "HOME_CAROUSEL" })
    const draft = (await create({ destinationRoute: "EVENT", destinationId: eventId })).body.data
    expect((await send("GET", "/v2/organizer/promotions", undefined, {})).status).toBe(401)
    expect((await send("GET", "/v2/organizer/promotions", undefined, (await newAthlete(host())).headers)).status).toBe(403)
    const mine = await send("GET", "/v2/organizer/promotions", undefined, org.viewer.headers)
    expect(mine.status).toBe(200)
    const ids = mine.body.data.items.map((e: { id: string }) => e.id)
    expect(ids).toContain(promoted.id)
    expect(ids).not.toContain(draft.id)
    expect(mine.body.data.items[0].audience).toBeUndefined()
    expect((await send("GET", "/v2/organizer/promotions", undefined, rival.owner.headers)).body.data.items).toEqual([])

    const numbers = await send("GET", `/v2/organizer/promotions/${promoted.id}/analytics?from=2020-01-01`, undefined, org.owner.headers)
    expect(numbers.status).toBe(200)
    expect(numbers.body.data).toMatchObject({ experienceId: promoted.id, impressions: 0 })
    const theirs = await send("GET", `/v2/organizer/promotions/${promoted.id}/analytics`, undefined, rival.owner.headers)
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe("PROMOTION_NOT_FOUND")
  })
})
