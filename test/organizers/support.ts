/**
 * Helpers of the organizers tests: principals signed in directly (a session started through the
 * identity use case, no OTP round trip), organizers with a standard team seeded through the
 * repositories, and multipart requests.
 */
import { Accounts, Identity, Organizers } from "@podium/core"
import { Effect } from "effect"
import type { Answer } from "../support/http.js"
import type { RealHost } from "../support/real-host.js"

let counter = 0
/** A fresh valid Indian mobile number per call. */
export const freshPhone = () =>
  `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`

/** A tiny valid PNG (1×1). */
export const PngBytes = Uint8Array.from(Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
))
/** PNG magic followed by `size` filler bytes (type sniffing only reads the head). */
export const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(PngBytes.subarray(0, 16))
  return bytes
}
export const PdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")

/** Signs in `account` with `role` and answers its bearer header. */
export const tokenFor = async (host: RealHost, kind: Identity.AccountKind, id: string) => {
  const started = await host.run(Identity.startSession({ account: { kind, id }, role: kind }))
  return { authorization: `Bearer ${started.accessToken}` }
}

export const newAthlete = async (host: RealHost, phoneNumber = freshPhone()) => {
  const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber })))
  return { user, headers: await tokenFor(host, "user", user.id) }
}

export const newAdmin = async (host: RealHost) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone() })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

export interface SeededOrganizer {
  readonly id: string
  readonly ownerPhone: string
  readonly owner: { readonly memberId: string; readonly headers: Record<string, string> }
  readonly admin: { readonly memberId: string; readonly headers: Record<string, string> }
  readonly viewer: { readonly memberId: string; readonly headers: Record<string, string> }
}

/** An APPROVED organizer with an OWNER, an ADMIN and a VIEWER, each signed in as organizer. */
export const seedOrganizer = async (host: RealHost, name = "Seeded Org"): Promise<SeededOrganizer> => {
  const ownerPhone = freshPhone()
  const organizer = await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) =>
    r.create({ name, phoneNumber: ownerPhone, email: null, companyName: name, approvalStatus: "APPROVED" }, {
      phoneNumber: ownerPhone,
      email: null,
      userId: null
    })))
  const members = await host.run(Effect.flatMap(Organizers.TeamRepo, (r) => r.listTeam(organizer.id)))
  const ownerId = members[0]!.id
  const add = (role: "ADMIN" | "VIEWER") =>
    host.run(Effect.flatMap(Accounts.OrganizerMemberRepo, (r) => r.addMember({ organizerId: organizer.id, phoneNumber: freshPhone(), role })))
  const admin = await add("ADMIN")
  const viewer = await add("VIEWER")
  return {
    id: organizer.id,
    ownerPhone,
    owner: { memberId: ownerId, headers: await tokenFor(host, "organizer", ownerId) },
    admin: { memberId: admin.id, headers: await tokenFor(host, "organizer", admin.id) },
    viewer: { memberId: viewer.id, headers: await tokenFor(host, "organizer", viewer.id) }
  }
}

type FormValue = string | { readonly bytes: Uint8Array; readonly name: string; readonly type?: string }

/** Sends a multipart/form-data request. */
export const multipart = async (
  host: RealHost,
  method: string,
  path: string,
  fields: Readonly<Record<string, FormValue>>,
  headers: Record<string, string> = {}
): Promise<Answer> => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(key, value)
    else form.append(key, new Blob([value.bytes], { type: value.type ?? "application/octet-stream" }), value.name)
  }
  return host.http.get(path, { method, body: form, headers })
}
