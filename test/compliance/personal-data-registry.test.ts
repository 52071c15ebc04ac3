/**
 * The personal-data registry through HTTP on the real host: every context holding a user's data
 * contributes its export section (notification inbox and device tokens, the sole-owned organizer's
 * business — KYC, declarations, GST declarations, notification wallet, pickup address —, challenge
 * badge requests, medical information), and erasure leaves none of the old values while keeping
 * the tax and money records de-identified. Also `POST /v2/me/medical-info/erase`.
 */
import { Compliance, Notifications } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bearer, type SignedIn, signInNewAdmin, signInNewUser } from "../support/sign-in.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { query } from "./support.js"

let host: RealHost
let admin: SignedIn

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  admin = await signInNewAdmin(host)
}, 120_000)
afterAll(async () => {
  await host?.close()
})

const as = (who: SignedIn) => bearer(who.accessToken)

/** A user who is the sole OWNER of a business, with data in every context. */
const seededUser = async () => {
  const user = await signInNewUser(host)
  const tag = user.id.slice(0, 8)
  const email = `owner-${tag}@example.test`
  await query(host, (sql) => sql`update accounts.users set email = ${email}, first_name = 'Meera', last_name = 'Kulkarni' where id = ${user.id}`)
  const [org] = await query<{ id: string }>(host, (sql) => sql`
    insert into organizers.organizers (name, phone_number, email, company_name)
    values (${`Meera Runs ${tag}`}, ${user.phoneNumber}, ${email}, 'Meera Runs') returning id`)
  const orgId = org!.id
  await query(host, (sql) => sql`
    insert into organizers.members (organizer_id, user_id, phone_number, email, role, name)
    values (${orgId}, ${user.id}, ${user.phoneNumber}, ${email}, 'OWNER', 'Meera Kulkarni')`)
  await query(host, (sql) => sql`
    insert into organizers.business_kyc (organizer_id, bank_account_sealed, bank_account_last4, ifsc_code, documents)
    values (${orgId}, 'sealed-bank-number', '6789', 'HDFC0001234', ${JSON.stringify({ gstCertificate: { key: `kyc/${tag}/gst.pdf`, name: "meera-gst.pdf" } })}::jsonb)`)
  await query(host, (sql) => sql`
    insert into organizers.declaration_details (organizer_id, details)
    values (${orgId}, ${JSON.stringify({ panNumber: "ABCDE1234F", legalName: "Meera Runs", signatoryName: "Meera Kulkarni", signatoryDesignation: "Proprietor" })}::jsonb)`)
  await query(host, (sql) => sql`
    insert into organizers.gst_declarations (organizer_id, status, variables)
    values (${orgId}, 'VERIFIED', ${JSON.stringify({ gstin: "27ABCDE1234F1Z5" })}::jsonb)`)
  await host.run(Effect.flatMap(Notifications.NotificationWalletRepo, (r) =>
    r.post({ organizerId: orgId, amount: 50000, reason: "top-up", counterAccount: "platform:topups", idempotencyKey: null })))
  await query(host, (sql) => sql`
    insert into organizers.pickup_addresses (organizer_id, location_name, contact_name, phone, email, address_line1, city, state, pincode, provider, registered_at)
    values (${orgId}, ${`loc-${tag}`}, 'Meera Kulkarni', '9876501234', ${email}, '12 MG Road', 'Pune', 'Maharashtra', '411001', 'local', now())`)
  await query(host, (sql) => sql`insert into notifications.inbox (user_id, title, body) values (${user.id}, 'Hello Meera', 'Your bib is ready, Meera')`)
  await query(host, (sql) => sql`insert into notifications.device_tokens (user_id, token, platform) values (${user.id}, ${`device-token-${tag}`}, 'android')`)
  await query(host, (sql) => sql`
    insert into notifications.recipient_lists (organizer_id, name, user_ids, total_rows, valid_rows, invalid_rows, report)
    values (${orgId}, 'Runners', array[${user.id}::uuid], 1, 1, 0, '{}'::jsonb)`)
  await query(host, (sql) => sql`
    insert into challenges.badge_requests (creator_type, creator_id, title, description, requested_by_kind, requested_by_id)
    values ('organizer', ${orgId}, 'Finisher badge', 'For every finisher', 'user', ${user.id})`)
  return { ...user, email, orgId }
}

const saveMedical = (userId: string) =>
  host.run(Effect.flatMap(Compliance.MedicalInfoRepo, (repo) =>
    repo.save(userId, { bloodGroup: "B+", allergies: "penicillin", emergencyContactName: "Ravi Kulkarni", emergencyContactPhone: "+919800011122" })))

describe("personal-data registry", () => {
  it("the export carries one section per context holding the user's data", async () => {
    const user = await seededUser()
    await saveMedical(user.id)
    const answer = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(answer.status).toBe(200)
    const s = answer.body.data.sections
    expect(s.notifications.inbox).toEqual([expect.objectContaining({ title: "Hello Meera" })])
    expect(s.notifications.deviceTokens).toEqual([expect.objectContaining({ platform: "android", active: true })])
    expect(s.organizers.ownedOrganizers).toEqual([expect.objectContaining({ id: user.orgId, phoneNumber: user.phoneNumber, email: user.email })])
    expect(s.organizers.businessKyc).toEqual([expect.objectContaining({ organizerId: user.orgId, bankAccountLast4: "6789", documents: ["gstCertificate"] })])
    expect(s.organizers.declarationDetails[0].details).toMatchObject({ signatoryName: "Meera Kulkarni", panNumber: "ABCDE1234F" })
    expect(s.organizers.gstDeclarations).toEqual([expect.objectContaining({ status: "VERIFIED" })])
    expect(s.organizers.notificationWallet).toEqual([expect.objectContaining({ amount: 50000, reason: "top-up" })])
    expect(s.organizers.pickupAddresses).toEqual([expect.objectContaining({ contactName: "Meera Kulkarni", pincode: "411001" })])
    expect(s.challenges.badgeRequests).toEqual([expect.objectContaining({ title: "Finisher badge" })])
    expect(s.medicalInfo).toMatchObject({ bloodGroup: "B+", allergies: "penicillin", emergencyContactName: "Ravi Kulkarni" })
    const csv = await host.http.request("GET", "/v2/me/data-export?format=csv", undefined, as(user))
    expect(csv.text).toContain("medicalInfo,0,bloodGroup,B+")
  })

  it("erasure leaves no old value in any section, keeping tax and money records de-identified", async () => {
    const user = await seededUser()
    await saveMedical(user.id)
    const created = await host.http.request("POST", "/v2/me/data-erasure", { reason: "closing my business account" }, as(user))
    expect(created.status).toBe(201)
    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    const text = JSON.stringify(exported.body.data)
    for (const old of [user.phoneNumber, user.email, "Meera Kulkarni", "Hello Meera", "device-token", "sealed-bank-number", "gst.pdf", "penicillin", "Ravi", "+919800011122", "9876501234"]) {
      expect(text).not.toContain(old)
    }
    expect(exported.body.data.sections.medicalInfo).toBeNull()
    expect(exported.body.data.sections.notifications.inbox).toEqual([])
    expect(exported.body.data.sections.notifications.deviceTokens).toEqual([])
    expect(exported.body.data.sections.challenges.badgeRequests).toEqual([])

    const [kyc] = await query<{ bankAccountSealed: string | null; documents: unknown; bankAccountLast4: string }>(host, (sql) => sql`
      select bank_account_sealed, documents, bank_account_last4 from organizers.business_kyc where organizer_id = ${user.orgId}`)
    expect(kyc).toEqual({ bankAccountSealed: null, documents: {}, bankAccountLast4: "6789" })
    const [decl] = await query<{ details: Record<string, string> }>(host, (sql) => sql`select details from organizers.declaration_details where organizer_id = ${user.orgId}`)
    expect(decl!.details).toEqual({ panNumber: "ABCDE1234F", legalName: "Meera Runs" })
    const [org] = await query<{ phoneNumber: string | null; email: string | null }>(host, (sql) => sql`select phone_number, email from organizers.organizers where id = ${user.orgId}`)
    expect(org).toEqual({ phoneNumber: null, email: null })
    // Tax and money records stay.
    expect(await query(host, (sql) => sql`select 1 from organizers.gst_declarations where organizer_id = ${user.orgId}`)).toHaveLength(1)
    expect(await query(host, (sql) => sql`select 1 from wallets.entries e join wallets.accounts a on a.id = e.account_id where a.owner_type = 'organizer' and a.purpose = 'notifications' and a.owner_id = ${user.orgId}`)).toHaveLength(1)
    const [badge] = await query<{ requestedById: string | null }>(host, (sql) => sql`select requested_by_id from challenges.badge_requests where creator_id = ${user.orgId}`)
    expect(badge!.requestedById).toBeNull()
    expect(await query(host, (sql) => sql`select 1 from compliance.medical_info where user_id = ${user.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from notifications.device_tokens where user_id = ${user.id}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from notifications.recipient_lists where ${user.id}::uuid = any(user_ids)`)).toEqual([])

    // After the cool-off the tick hard-deletes; the retained records are still there.
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${created.body.data.id}`)
    const tick = await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))
    expect(tick.status).toBe(200)
    expect(await query(host, (sql) => sql`select 1 from organizers.pickup_addresses where organizer_id = ${user.orgId}`)).toEqual([])
    expect(await query(host, (sql) => sql`select 1 from organizers.gst_declarations where organizer_id = ${user.orgId}`)).toHaveLength(1)
    expect(await query(host, (sql) => sql`select 1 from wallets.entries e join wallets.accounts a on a.id = e.account_id where a.owner_type = 'organizer' and a.purpose = 'notifications' and a.owner_id = ${user.orgId}`)).toHaveLength(1)
  })

  it("an organizer with another owner is not the user's: only the membership is scrubbed", async () => {
    const user = await seededUser()
    const partner = await signInNewUser(host)
    await query(host, (sql) => sql`insert into organizers.members (organizer_id, user_id, phone_number, role) values (${user.orgId}, ${partner.id}, ${partner.phoneNumber}, 'OWNER')`)
    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(exported.body.data.sections.organizers.ownedOrganizers).toEqual([])
    expect((await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))).status).toBe(201)
    const [kyc] = await query<{ bankAccountSealed: string | null }>(host, (sql) => sql`select bank_account_sealed from organizers.business_kyc where organizer_id = ${user.orgId}`)
    expect(kyc!.bankAccountSealed).toBe("sealed-bank-number")
    // The organizer's contact was the user's own phone and e-mail: those go regardless.
    const [org] = await query<{ phoneNumber: string | null }>(host, (sql) => sql`select phone_number from organizers.organizers where id = ${user.orgId}`)
    expect(org!.phoneNumber).toBeNull()
  })
})

describe("POST /v2/me/medical-info/erase", () => {
  it("erases the stored medical information at once and answers which fields it erased; again erases nothing", async () => {
    const user = await signInNewUser(host)
    await saveMedical(user.id)
    const first = await host.http.request("POST", "/v2/me/medical-info/erase", undefined, as(user))
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ erased: true, fields: ["bloodGroup", "allergies", "emergencyContactName", "emergencyContactPhone"] })
    expect(Date.parse(first.body.data.erasedAt)).not.toBeNaN()
    expect(await query(host, (sql) => sql`select 1 from compliance.medical_info where user_id = ${user.id}`)).toEqual([])
    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(exported.body.data.sections.medicalInfo).toBeNull()
    const again = await host.http.request("POST", "/v2/me/medical-info/erase", undefined, as(user))
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ erased: false, fields: [] })
    const audit = await query<{ action: string }>(host, (sql) => sql`
      select action from platform.audit_log where action = 'compliance.medical_info.erased' and actor_id = ${user.id}`)
    expect(audit).toHaveLength(2)
  })

  it("answers 401 without a token and 403 for an admin token", async () => {
    expect((await host.http.request("POST", "/v2/me/medical-info/erase")).status).toBe(401)
    expect((await host.http.request("POST", "/v2/me/medical-info/erase", undefined, as(admin))).status).toBe(403)
  })
})
