/**
 * A participant's self-edit through the real host: only the booker, only as the organizer's
 * self-service policy allows (off, the editable fields), a new name refused where a name change is
 * a transfer while a case fix of the same name passes, and edits closed once the seat is checked in
 * or cancelled; every change on the booking's timeline.
 */
import { describe, expect, it } from "vitest"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"
import { bookAs, person, seedEvent } from "./support.js"

const host = useRealHost(import.meta.url)

const setup = async () => {
  const org = await seedOrganizer(host())
  const event = await seedEvent(host(), org.id)
  const athlete = await newAthlete(host())
  const booking = (await bookAs(host(), athlete.headers, event, [person({ firstName: "Asha", lastName: "Kumar" }), person()])).body.data
  const edit = (participantId: string, body: unknown, headers = athlete.headers) =>
    host().http.patch(`/v2/event-participations/${booking.id}/participants/${participantId}/self-edit`, body, headers)
  const policy = (body: unknown) => host().http.patch(`/v2/organizer/events/${event.eventId}/self-service-config`, body, org.owner.headers)
  return { org, event, athlete, booking, edit, policy }
}

describe("self-edit: who may call and what it accepts", () => {
  it("answers 401 without a token, 404 to another athlete, 400 with the spec's wording", async () => {
    const { booking, edit } = await setup()
    const pid = booking.participants[0].id
    expect((await host().http.patch(`/v2/event-participations/${booking.id}/participants/${pid}/self-edit`, { email: "a@example.com" })).status).toBe(401)
    const stranger = await newAthlete(host())
    expect((await edit(pid, { email: "a@example.com" }, stranger.headers)).status).toBe(404)
    const bad = await edit(pid, { email: "not-an-email" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toHaveLength(1)
    expect(bad.body.message[0]).toMatch(/^email /)
  })
})

describe("self-edit: the organizer's policy", () => {
  it("lets the booker change an editable field, refuses a new name as a transfer but passes a case fix, all on the timeline", async () => {
    const { org, booking, edit } = await setup()
    const pid = booking.participants[0].id
    const changed = await edit(pid, { email: "asha.new@example.com", phoneNumber: "+919876543210" })
    expect(changed.status).toBe(200)
    expect(changed.body.data).toMatchObject({ id: pid, email: "asha.new@example.com", phoneNumber: "+919876543210", firstName: "Asha" })
    const renamed = await edit(pid, { firstName: "Priya" })
    expect(renamed.status).toBe(409)
    expect(renamed.body.code).toBe("NAME_CHANGE_IS_TRANSFER")
    const fixed = await edit(pid, { lastName: "KUMAR" })
    expect(fixed.status).toBe(200)
    expect(fixed.body.data.lastName).toBe("KUMAR")
    const timeline = await host().http.get(`/v2/organizers/events/${booking.eventId}/bookings/${booking.id}/timeline`, org.owner.headers)
    const lines = timeline.body.data.filter((t: { action: string }) => t.action === "participant.self_edited")
    expect(lines.map((t: { data: { fields: Array<string> } }) => t.data.fields)).toEqual([["email", "phoneNumber"], ["lastName"]])
  })

  it("refuses fields the policy does not list, everything when self-edits are off, and takes names where names are editable", async () => {
    const { booking, edit, policy } = await setup()
    const pid = booking.participants[0].id
    await policy({ nameChangeIsTransfer: false, editableFields: ["phoneNumber"] })
    const email = await edit(pid, { email: "x@example.com" })
    expect(email.status).toBe(409)
    expect(email.body.code).toBe("FIELD_NOT_EDITABLE")
    const name = await edit(pid, { firstName: "Priya" })
    expect(name.body.code).toBe("FIELD_NOT_EDITABLE")
    await policy({ editableFields: ["firstName", "lastName"] })
    expect((await edit(pid, { firstName: "Priya" })).body.data.firstName).toBe("Priya")
    await policy({ allowSelfEdit: false })
    const off = await edit(pid, { firstName: "Asha" })
    expect(off.status).toBe(409)
    expect(off.body.code).toBe("SELF_EDIT_DISABLED")
  })

  it("closes edits once the participant is checked in or cancelled", async () => {
    const { org, event, booking, edit } = await setup()
    const [first, second] = booking.participants
    const scan = await host().http.post(`/v2/organizer/events/${event.eventId}/check-in/scan`, { code: first.ticketCode }, org.owner.headers)
    expect(scan.body.data.result).toBe("ok")
    const checked = await edit(first.id, { email: "late@example.com" })
    expect(checked.status).toBe(409)
    expect(checked.body.code).toBe("PARTICIPANT_NOT_EDITABLE")
    await host().http.post(`/v2/organizers/events/${event.eventId}/bookings/${booking.id}/participants/${second.id}/cancel`, { reason: "injured" }, org.owner.headers)
    expect((await edit(second.id, { email: "gone@example.com" })).body.code).toBe("PARTICIPANT_NOT_EDITABLE")
  })
})
