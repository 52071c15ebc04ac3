/**
 * The clubs, wallets and payments contexts' personal-data sections through HTTP on the real host:
 * a user with club activity in every table gets every section in the export; the erasure request
 * leaves no old value in what the platform returns (the sole-owned club's KYC loses its sealed bank
 * number, documents and names, stored gateway payloads lose the payer's contact); the tick deletes
 * what is only the person's, keeps the money records de-identified (the ledger still balances) and
 * hands an owned club to its longest-standing ADMIN, or deactivates it ("owner erased").
 */
import { Clubs, Wallets } from "@podium/core"
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
let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`

const insertClub = async (ownerUserId: string, name: string) => {
  const [club] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.clubs (name, slug, owner_user_id, status) values (${name}, ${unique("club")}, ${ownerUserId}, 'ACTIVE') returning id`)
  return club!.id
}
const insertMember = async (clubId: string, userId: string, role: string, joinedDaysAgo: number) => {
  const [m] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.members (club_id, user_id, role, status, joined_at)
    values (${clubId}, ${userId}, ${role}, 'ACTIVE', now() - make_interval(days => ${joinedDaysAgo})) returning id`)
  return m!.id
}
const newUserId = async () => (await signInNewUser(host)).id

const post = (input: Wallets.LedgerTransferInput) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.post(input)))

/** A user (Meera) with activity in every clubs, wallets and payments table. */
const seededClubUser = async () => {
  const user = await signInNewUser(host)
  const tag = user.id.slice(0, 8)
  const email = `meera-${tag}@example.test`
  await query(host, (sql) => sql`update accounts.users set email = ${email}, first_name = 'Meera', last_name = 'Kulkarni' where id = ${user.id}`)

  // C1: solely owned by Meera, with two ADMINs (the earlier one inherits) and a MEMBER.
  const c1 = await insertClub(user.id, `Meera Pacers ${tag}`)
  await insertMember(c1, user.id, "OWNER", 400)
  const senior = await newUserId()
  const junior = await newUserId()
  const seniorMember = await insertMember(c1, senior, "ADMIN", 300)
  await insertMember(c1, junior, "ADMIN", 100)
  const runner = await newUserId()
  await insertMember(c1, runner, "MEMBER", 200)
  // C2: solely owned by Meera with only a MODERATOR: deactivated at the tick.
  const c2 = await insertClub(user.id, `Meera Trail ${tag}`)
  await insertMember(c2, user.id, "OWNER", 50)
  await insertMember(c2, await newUserId(), "MODERATOR", 40)
  // C3: someone else's club where Meera is a paying MEMBER.
  const otherOwner = await newUserId()
  const c3 = await insertClub(otherOwner, `City Striders ${tag}`)
  await insertMember(c3, otherOwner, "OWNER", 500)
  const [tier] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.tiers (club_id, name, price_amount, billing_period) values (${c3}, 'Gold', 50000, 'MONTHLY') returning id`)
  const memberId = await insertMember(c3, user.id, "MEMBER", 30)
  await query(host, (sql) => sql`update clubs.members set tier_id = ${tier!.id} where id = ${memberId}`)
  await query(host, (sql) => sql`
    insert into clubs.tier_memberships (club_id, member_id, user_id, tier_id, status, current_period_start, current_period_end, last_payment_id)
    values (${c3}, ${memberId}, ${user.id}, ${tier!.id}, 'ACTIVE', now(), now() + interval '30 days', ${`pay_${tag}`})`)
  const orderId = `order_${tag}`
  for (const [status, gatewayOrderId] of [["PAID", orderId], ["OPEN", `order_open_${tag}`]] as const) {
    await query(host, (sql) => sql`
      insert into clubs.tier_checkouts (club_id, tier_id, user_id, list_amount, amount, currency, commission_bps, commission_amount, net_amount,
        provider, gateway_order_id, status, payment_id, paid_at)
      values (${c3}, ${tier!.id}, ${user.id}, 50000, 50000, 'INR', 1000, 5000, 45000, 'local', ${gatewayOrderId}, ${status},
        ${status === "PAID" ? `pay_${tag}` : null}, ${status === "PAID" ? new Date() : null})`)
  }
  await query(host, (sql) => sql`insert into clubs.relations (club_id, user_id, kind) values (${c3}, ${user.id}, 'FOLLOW'), (${c3}, ${user.id}, 'MUTE'), (${c2}, ${user.id}, 'FOLLOW')`)
  await query(host, (sql) => sql`
    insert into clubs.invites (club_id, token_hash, kind, target_user_id, created_by_kind, created_by, expires_at)
    values (${c3}, ${unique("hash")}, 'TARGETED', ${user.id}, 'user', ${otherOwner}, now() + interval '1 day')`)
  const [link] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.invites (club_id, token_hash, kind, created_by_kind, created_by, expires_at, uses)
    values (${c1}, ${unique("hash")}, 'LINK', 'user', ${user.id}, now() + interval '1 day', 1) returning id`)
  await query(host, (sql) => sql`insert into clubs.invite_redemptions (invite_id, user_id) values (${link!.id}, ${user.id})`)
  const [run] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.runs (club_id, title, starts_at, ends_at, created_by)
    values (${c3}, 'Sunday long run', now() - interval '2 hours', now() - interval '1 hour', ${otherOwner}) returning id`)
  await query(host, (sql) => sql`insert into clubs.run_rsvps (run_id, user_id, status) values (${run!.id}, ${user.id}, 'GOING')`)
  await query(host, (sql) => sql`insert into clubs.run_attendance (run_id, user_id, present, source, marked_by) values (${run!.id}, ${user.id}, true, 'MANUAL', ${otherOwner})`)
  await query(host, (sql) => sql`
    insert into clubs.points_entries (club_id, user_id, points, kind, reason, created_by, occurred_at, month_key, week_key)
    values (${c3}, ${user.id}, 25, 'GRANT', 'Sunday long run', ${otherOwner}, now(), '2026-11', '2026-47'),
           (${c1}, ${runner}, 10, 'GRANT', 'Helped at the water point', ${user.id}, now(), '2026-11', '2026-47')`)
  await query(host, (sql) => sql`
    insert into clubs.members_of_the_month (club_id, month_key, user_id, points, detected_by) values (${c3}, '2026-10', ${user.id}, 25, ${otherOwner})`)
  await query(host, (sql) => sql`insert into clubs.awards (club_id, user_id, name, awarded_by) values (${c3}, ${user.id}, 'Early bird', ${otherOwner})`)
  await query(host, (sql) => sql`
    insert into clubs.announcements (club_id, title, body, author_kind, author_id) values (${c1}, 'Route change', 'We start at the east gate', 'user', ${user.id})`)
  const bankCheck = {
    verified: true,
    fingerprint: "fingerprint-club",
    last4: "4321",
    ifsc: "SBIN0001234",
    accountHolderName: "Meera Kulkarni",
    utr: "UTR123",
    amountDeposited: 100,
    transactionId: "txn-1",
    reason: null,
    message: null,
    provider: "local",
    at: new Date().toISOString()
  }
  await query(host, (sql) => sql`
    insert into clubs.club_kyc (club_id, status, bank_account_sealed, bank_account_last4, bank_account_fingerprint, ifsc_code, account_holder_name,
      pan_number, pan_name, documents, bank_check)
    values (${c1}, 'APPROVED', 'sealed-club-bank', '4321', 'fingerprint-club', 'SBIN0001234', 'Meera Kulkarni', 'ABCPK1234L', 'Meera Kulkarni',
      ${JSON.stringify({ panCard: { key: `kyc/${tag}/pan.pdf`, name: "meera-pan.pdf" } })}::jsonb,
      ${JSON.stringify(bankCheck)}::jsonb)`)
  await query(host, (sql) => sql`
    insert into clubs.rc_grants (club_id, requested_rc, approved_rc, reason, status, requested_by) values (${c1}, 100, 100, 'Rewards for our runners', 'APPROVED', ${user.id})`)
  const [settlement] = await query<{ id: string }>(host, (sql) => sql`
    insert into clubs.settlements (club_id, payee_type, payee_id, period_start, period_end, gross_amount, deductions_amount, amount, status, eligible_at)
    values (${c1}, 'CLUB', ${c1}, now() - interval '2 days', now() - interval '1 day', 45000, 0, 45000, 'PAYOUT_REQUESTED', now()) returning id`)
  await query(host, (sql) => sql`
    insert into clubs.payout_requests (settlement_id, club_id, payee_type, payee_id, amount, requested_by) values (${settlement!.id}, ${c1}, 'CLUB', ${c1}, 45000, ${user.id})`)

  // Ledger: the club's creator wallet, a tier payment naming Meera, and a wallet of her own.
  await post({
    idempotencyKey: unique("rc-grant"),
    reason: "RC grant",
    legs: [{ account: { ownerType: "platform", ownerId: "platform", purpose: "rc-grants", currency: "RC" }, amount: -100 }, { account: Wallets.creatorWallet("club", c1), amount: 100 }]
  })
  await post({
    idempotencyKey: `club-tier-payment:local:pay_${tag}`,
    reason: "Club tier payment (Gold)",
    legs: [
      { account: { ownerType: "external", ownerId: "local", purpose: "gateway-collections", currency: "INR" }, amount: -50000 },
      { account: { ownerType: "club", ownerId: c3, purpose: "revenue", currency: "INR" }, amount: 45000 },
      { account: { ownerType: "platform", ownerId: "platform", purpose: `club-commission:${c3}`, currency: "INR" }, amount: 5000 }
    ],
    metadata: { clubId: c3, userId: user.id, email, paymentId: `pay_${tag}` }
  })
  await post({
    idempotencyKey: `reward:${user.id}:1`,
    reason: "Finisher reward",
    legs: [{ account: { ownerType: "platform", ownerId: "platform", purpose: "rewards", currency: "RC" }, amount: -20 }, { account: { ownerType: "user", ownerId: user.id, purpose: "rewards", currency: "RC" }, amount: 20 }]
  })

  // Payments: the order of the paid checkout, its payment and the gateway's webhook.
  const ownerRef = `club:${c3}:tier:${tier!.id}:user:${user.id}`
  const notes = { clubId: c3, tierId: tier!.id, userId: user.id, email, purpose: "club_tier", ownerRef }
  const [order] = await query<{ id: string }>(host, (sql) => sql`
    insert into payments.orders (provider, gateway_order_id, purpose, owner_ref, amount, currency, receipt, notes, status, created_by, paid_at)
    values ('local', ${orderId}, 'club_tier', ${ownerRef}, 50000, 'INR', ${`rcpt_${tag}`}, ${JSON.stringify(notes)}::jsonb, 'PAID', ${user.id}, now()) returning id`)
  await query(host, (sql) => sql`
    insert into payments.payments (order_id, provider, gateway_payment_id, amount, currency, status, method, source)
    values (${order!.id}, 'local', ${`pay_${tag}`}, 50000, 'INR', 'captured', 'upi', 'webhook')`)
  const payload = {
    entity: "event",
    event: "payment.captured",
    payload: {
      payment: { entity: { id: `pay_${tag}`, order_id: orderId, amount: 50000, email, contact: user.phoneNumber, vpa: `meera.${tag}@okbank`, notes } },
      order: { entity: { id: orderId, amount: 50000, notes } }
    }
  }
  await query(host, (sql) => sql`
    insert into payments.webhook_events (provider, event_id, event_type, payload, signature_verified, status)
    values ('local', ${`evt_${tag}`}, 'payment.captured', ${JSON.stringify(payload)}::jsonb, true, 'PROCESSED')`)

  return { ...user, email, c1, c2, c3, senior, seniorMember, junior, runner, otherOwner, orderId, tierId: tier!.id }
}

const count = async (build: Parameters<typeof query>[1]) => (await query(host, build)).length

const ledgerBalances = async () => {
  const perCurrency = await query<{ currency: string; total: string }>(host, (sql) => sql`
    select a.currency, sum(e.amount)::text as total from wallets.entries e join wallets.accounts a on a.id = e.account_id group by a.currency`)
  const drift = await query(host, (sql) => sql`
    select a.id from wallets.accounts a
    where a.balance <> coalesce((select sum(e.amount) from wallets.entries e where e.account_id = a.id), 0)`)
  return { perCurrency, drift }
}

describe("clubs, wallets and payments personal data", () => {
  it("the export carries the clubs, wallets and payments sections with every kind of record", async () => {
    const user = await seededClubUser()
    const answer = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(answer.status).toBe(200)
    const { clubs, wallets, payments } = answer.body.data.sections
    expect(clubs.memberships.map((m: { clubId: string }) => m.clubId).sort()).toEqual([user.c1, user.c2, user.c3].sort())
    expect(clubs.ownedClubs).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: user.c1, soleOwner: true }),
      expect.objectContaining({ id: user.c2, soleOwner: true })
    ]))
    expect(clubs.relations).toHaveLength(3)
    expect(clubs.invites).toEqual([expect.objectContaining({ clubId: user.c3, kind: "TARGETED" })])
    expect(clubs.inviteRedemptions).toEqual([expect.objectContaining({ clubId: user.c1 })])
    expect(clubs.runRsvps).toEqual([expect.objectContaining({ title: "Sunday long run", status: "GOING" })])
    expect(clubs.runAttendance).toEqual([expect.objectContaining({ present: true, source: "MANUAL" })])
    expect(clubs.tierMemberships).toEqual([expect.objectContaining({ clubId: user.c3, tierId: user.tierId, status: "ACTIVE" })])
    expect(clubs.tierCheckouts.map((c: { status: string }) => c.status).sort()).toEqual(["OPEN", "PAID"])
    expect(clubs.pointsEntries).toEqual([expect.objectContaining({ points: 25, reason: "Sunday long run" })])
    expect(clubs.membersOfTheMonth).toEqual([expect.objectContaining({ monthKey: "2026-10", points: 25 })])
    expect(clubs.awards).toEqual([expect.objectContaining({ name: "Early bird" })])
    expect(clubs.announcements).toEqual([expect.objectContaining({ title: "Route change" })])
    expect(clubs.clubKyc).toEqual([expect.objectContaining({ clubId: user.c1, bankAccountLast4: "4321", panName: "Meera Kulkarni", documents: ["panCard"] })])
    expect(JSON.stringify(clubs.clubKyc)).not.toContain("sealed-club-bank")
    expect(clubs.rcGrantRequests).toEqual([expect.objectContaining({ requestedRc: 100, status: "APPROVED" })])
    expect(clubs.payoutRequests).toEqual([expect.objectContaining({ amount: 45000, status: "REQUESTED" })])
    expect(wallets.accounts).toEqual([expect.objectContaining({ ownerType: "user", purpose: "rewards", balance: 20, entries: [expect.objectContaining({ amount: 20, reason: "Finisher reward" })] })])
    expect(wallets.ownedClubAccounts).toEqual([expect.objectContaining({ ownerId: user.c1, purpose: "creator", currency: "RC", balance: 100 })])
    expect(payments.orders).toEqual([expect.objectContaining({
      gatewayOrderId: user.orderId,
      amount: 50000,
      status: "PAID",
      payments: [expect.objectContaining({ status: "captured", method: "upi" })]
    })])
    const csv = await host.http.request("GET", "/v2/me/data-export?format=csv", undefined, as(user))
    expect(csv.text).toContain("clubs,0,announcements,")
    expect(csv.text).toContain("Route change")
  })

  it("after the request nothing returned carries the old values; the tick deletes, de-identifies and hands the clubs over", async () => {
    const user = await seededClubUser()
    const entriesBefore = await count((sql) => sql`select 1 from wallets.entries`)
    const created = await host.http.request("POST", "/v2/me/data-erasure", { reason: "leaving the platform" }, as(user))
    expect(created.status).toBe(201)

    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    const text = JSON.stringify(exported.body.data)
    for (const old of [user.phoneNumber, user.email, "Meera Kulkarni", "sealed-club-bank", "meera-pan.pdf", "fingerprint-club", `meera.${user.id.slice(0, 8)}@okbank`]) {
      expect(text).not.toContain(old)
    }
    // The club KYC as the club and the admins read it.
    for (const [path, who] of [[`/v2/clubs/${user.c1}/kyc`, user], [`/v2/admin/club-kyc/by-club/${user.c1}`, admin]] as const) {
      const read = await host.http.request("GET", path, undefined, as(who))
      expect(read.status, `${path} ${read.text}`).toBe(200)
      expect(read.body.data, path).toMatchObject({ status: "RESUBMIT" })
      for (const old of ["Meera Kulkarni", "sealed-club-bank", "meera-pan.pdf"]) expect(JSON.stringify(read.body.data), path).not.toContain(old)
    }
    const [kyc] = await query<Record<string, unknown>>(host, (sql) => sql`
      select status, bank_account_sealed, bank_account_fingerprint, documents, account_holder_name, pan_name, pan_number, bank_account_last4, ifsc_code,
        bank_check::text as bank_check, review_reason
      from clubs.club_kyc where club_id = ${user.c1}`)
    expect(kyc).toMatchObject({
      status: "RESUBMIT",
      bankAccountSealed: null,
      bankAccountFingerprint: null,
      documents: {},
      accountHolderName: null,
      panName: null,
      panNumber: "ABCPK1234L",
      bankAccountLast4: "4321",
      ifscCode: "SBIN0001234"
    })
    expect(kyc!.bankCheck).not.toContain("Meera")
    expect(kyc!.reviewReason).toContain("erased")
    // Stored copies the platform would hand back (gateway payloads, order notes, ledger metadata).
    for (const [table, column] of [["payments.webhook_events", "payload"], ["payments.orders", "notes"], ["wallets.transfers", "metadata"]] as const) {
      const leaked = await query(host, (sql) => sql`
        select 1 from ${sql(table.split(".")[0]!)}.${sql(table.split(".")[1]!)}
        where ${sql(column)}::text like ${`%${user.email}%`} or ${sql(column)}::text like ${`%${user.phoneNumber}%`} or ${sql(column)}::text like ${`%meera.${user.id.slice(0, 8)}@okbank%`}`)
      expect(leaked, table).toEqual([])
    }
    // Before the tick the user's club life is untouched (a cancelled request keeps it).
    expect(await count((sql) => sql`select 1 from clubs.members where user_id = ${user.id}`)).toBe(3)

    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${created.body.data.id}`)
    const tick = await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))
    expect(tick.status).toBe(200)
    const again = await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))
    expect(again.status).toBe(200)

    // Deleted: what was only the person's.
    for (const table of ["members", "tier_memberships", "relations", "invite_redemptions", "run_rsvps", "run_attendance", "points_entries", "members_of_the_month", "awards"]) {
      expect(await count((sql) => sql`select 1 from clubs.${sql(table)} where user_id = ${user.id}`), table).toBe(0)
    }
    expect(await count((sql) => sql`select 1 from clubs.invites where target_user_id = ${user.id}`)).toBe(0)
    expect(await count((sql) => sql`select 1 from clubs.tier_checkouts where gateway_order_id = ${`order_open_${user.id.slice(0, 8)}`}`)).toBe(0)
    // Retained, de-identified: the paid checkout and the club's money and content records.
    const [checkout] = await query<{ userId: string }>(host, (sql) => sql`select user_id from clubs.tier_checkouts where gateway_order_id = ${user.orderId}`)
    expect(checkout!.userId).toBe(Clubs.ErasedUserId)
    const [grant] = await query<{ requestedBy: string }>(host, (sql) => sql`select requested_by from clubs.rc_grants where club_id = ${user.c1}`)
    expect(grant!.requestedBy).toBe(Clubs.ErasedUserId)
    const [payout] = await query<{ requestedBy: string }>(host, (sql) => sql`select requested_by from clubs.payout_requests where club_id = ${user.c1}`)
    expect(payout!.requestedBy).toBe(Clubs.ErasedUserId)
    const [points] = await query<{ createdBy: string }>(host, (sql) => sql`select created_by from clubs.points_entries where user_id = ${user.runner}`)
    expect(points!.createdBy).toBe(Clubs.ErasedUserId)
    const [announcement] = await query<{ authorId: string | null; title: string }>(host, (sql) => sql`select author_id, title from clubs.announcements where club_id = ${user.c1}`)
    expect(announcement).toEqual({ authorId: null, title: "Route change" })
    const [invite] = await query<{ createdBy: string | null }>(host, (sql) => sql`select created_by from clubs.invites where club_id = ${user.c1}`)
    expect(invite!.createdBy).toBeNull()
    expect(await count((sql) => sql`select 1 from clubs.club_kyc where club_id = ${user.c1} and pan_number = 'ABCPK1234L'`)).toBe(1)

    // Payments retained, no link to the person left.
    const [order] = await query<{ createdBy: string | null; ownerRef: string; notes: string }>(host, (sql) => sql`
      select created_by, owner_ref, notes::text as notes from payments.orders where gateway_order_id = ${user.orderId}`)
    expect(order!.createdBy).toBeNull()
    expect(order!.ownerRef).toBe(`club:${user.c3}:tier:${user.tierId}:user:erased`)
    expect(order!.notes).not.toContain(user.id)
    expect(await count((sql) => sql`select 1 from payments.payments p join payments.orders o on o.id = p.order_id where o.gateway_order_id = ${user.orderId}`)).toBe(1)
    expect(await count((sql) => sql`select 1 from payments.webhook_events where payload::text like ${`%${user.id}%`}`)).toBe(0)
    expect(await count((sql) => sql`select 1 from payments.webhook_events where event_id = ${`evt_${user.id.slice(0, 8)}`}`)).toBe(1)

    // Ledger: nothing deleted, nothing names the person, still balanced.
    expect(await count((sql) => sql`select 1 from wallets.entries`)).toBeGreaterThanOrEqual(entriesBefore)
    expect(await count((sql) => sql`select 1 from wallets.accounts where owner_id = ${user.id}`)).toBe(0)
    expect(await count((sql) => sql`select 1 from wallets.transfers where metadata::text like ${`%${user.id}%`} or idempotency_key like ${`%${user.id}%`}`)).toBe(0)
    const [rekeyed] = await query<{ balance: string; ownerId: string }>(host, (sql) => sql`
      select a.balance::text as balance, a.owner_id from wallets.accounts a join wallets.entries e on e.account_id = a.id
      join wallets.transfers t on t.id = e.transfer_id where t.reason = 'Finisher reward' and a.owner_type = 'user' and t.idempotency_key like 'reward:erased-%'`)
    expect(rekeyed).toMatchObject({ balance: "20", ownerId: expect.stringMatching(/^erased-/) })
    const { perCurrency, drift } = await ledgerBalances()
    for (const row of perCurrency) expect(row.total, row.currency).toBe("0")
    expect(drift).toEqual([])
    expect(await count((sql) => sql`select 1 from wallets.accounts where owner_type = 'club' and owner_id = ${user.c1} and balance = 100`)).toBe(1)

    // The owned-club rule: C1 passes to the longest-standing ADMIN; C2 (no ADMIN) is deactivated.
    const [c1] = await query<{ ownerUserId: string; isActive: boolean }>(host, (sql) => sql`select owner_user_id, is_active from clubs.clubs where id = ${user.c1}`)
    expect(c1).toEqual({ ownerUserId: user.senior, isActive: true })
    const [heir] = await query<{ role: string }>(host, (sql) => sql`select role from clubs.members where id = ${user.seniorMember}`)
    expect(heir!.role).toBe("OWNER")
    const [juniorRole] = await query<{ role: string }>(host, (sql) => sql`select role from clubs.members where club_id = ${user.c1} and user_id = ${user.junior}`)
    expect(juniorRole!.role).toBe("ADMIN")
    const [c2] = await query<{ ownerUserId: string; isActive: boolean; deactivationReason: string }>(host, (sql) => sql`
      select owner_user_id, is_active, deactivation_reason from clubs.clubs where id = ${user.c2}`)
    expect(c2).toEqual({ ownerUserId: Clubs.ErasedUserId, isActive: false, deactivationReason: "owner erased" })
    const audit = await query<{ action: string; subjectId: string }>(host, (sql) => sql`
      select action, subject_id from platform.audit_log where subject_id in (${user.c1}, ${user.c2}) and actor_kind = 'system' order by seq`)
    expect(audit).toEqual([{ action: "club.ownership.transferred", subjectId: user.c1 }, { action: "club.deactivated", subjectId: user.c2 }])
  })

  it("a club with another ACTIVE OWNER is not the user's: its KYC is kept and ownership passes to that owner", async () => {
    const user = await signInNewUser(host)
    const club = await insertClub(user.id, unique("Shared club"))
    await insertMember(club, user.id, "OWNER", 100)
    const partner = await newUserId()
    await insertMember(club, partner, "OWNER", 10)
    await insertMember(club, await newUserId(), "ADMIN", 200)
    await query(host, (sql) => sql`insert into clubs.club_kyc (club_id, status, bank_account_sealed, bank_account_last4) values (${club}, 'APPROVED', 'sealed-shared', '1111')`)
    const exported = await host.http.request("GET", "/v2/me/data-export", undefined, as(user))
    expect(exported.body.data.sections.clubs.ownedClubs).toEqual([expect.objectContaining({ id: club, soleOwner: false })])
    expect(exported.body.data.sections.clubs.clubKyc).toEqual([])
    const created = await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))
    expect(created.status).toBe(201)
    expect(await count((sql) => sql`select 1 from clubs.club_kyc where club_id = ${club} and bank_account_sealed = 'sealed-shared' and status = 'APPROVED'`)).toBe(1)
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${created.body.data.id}`)
    expect((await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))).status).toBe(200)
    const [row] = await query<{ ownerUserId: string; isActive: boolean }>(host, (sql) => sql`select owner_user_id, is_active from clubs.clubs where id = ${club}`)
    expect(row).toEqual({ ownerUserId: partner, isActive: true })
  })

  it("an ADMIN whose own erasure is pending does not inherit: the next longest-standing ADMIN does", async () => {
    const user = await signInNewUser(host)
    const club = await insertClub(user.id, unique("Heirs club"))
    await insertMember(club, user.id, "OWNER", 300)
    const leaving = await signInNewUser(host)
    await insertMember(club, leaving.id, "ADMIN", 200)
    const staying = await newUserId()
    await insertMember(club, staying, "ADMIN", 100)
    expect((await host.http.request("POST", "/v2/me/data-erasure", {}, as(leaving))).status).toBe(201)
    const created = await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))
    await query(host, (sql) => sql`update compliance.erasure_requests set cool_off_until = now() - interval '1 minute' where id = ${created.body.data.id}`)
    expect((await host.http.request("POST", "/v2/admin/compliance/erasure-requests/tick", undefined, as(admin))).status).toBe(200)
    const [row] = await query<{ ownerUserId: string }>(host, (sql) => sql`select owner_user_id from clubs.clubs where id = ${club}`)
    expect(row!.ownerUserId).toBe(staying)
    const roles = await query<{ userId: string; role: string }>(host, (sql) => sql`select user_id, role from clubs.members where club_id = ${club} order by role, user_id`)
    expect(roles).toEqual(expect.arrayContaining([{ userId: staying, role: "OWNER" }, { userId: leaving.id, role: "ADMIN" }]))
  })

  it("a cancelled request keeps the user's club life (only the KYC stays de-identified)", async () => {
    const user = await seededClubUser()
    const created = await host.http.request("POST", "/v2/me/data-erasure", {}, as(user))
    const cancelled = await host.http.request("POST", `/v2/me/data-erasure/cancel/${created.body.data.id}`, undefined, as(user))
    expect(cancelled.status).toBe(200)
    expect(await count((sql) => sql`select 1 from clubs.members where user_id = ${user.id}`)).toBe(3)
    const [c1] = await query<{ ownerUserId: string }>(host, (sql) => sql`select owner_user_id from clubs.clubs where id = ${user.c1}`)
    expect(c1!.ownerUserId).toBe(user.id)
    expect(await count((sql) => sql`select 1 from wallets.accounts where owner_type = 'user' and owner_id = ${user.id}`)).toBe(1)
  })
})

describe("owned-club succession when the owner is erased", () => {
  const at = (days: number) => new Date(Date.UTC(2026, 0, days))
  const member = (id: string, role: Clubs.ClubRole, joined: number, status: Clubs.MemberStatus = "ACTIVE"): Clubs.ClubMember => ({
    id,
    clubId: "c",
    userId: `u-${id}`,
    role,
    status,
    tierId: null,
    joinedAt: at(joined),
    createdAt: at(joined),
    updatedAt: at(joined)
  })
  const erased = "u-me"
  const me = { ...member("me", "OWNER", 1), userId: erased }

  it("passes to another ACTIVE OWNER first, then to the longest-standing ACTIVE ADMIN", () => {
    expect(Clubs.ownedClubSuccession(erased, [me, member("a", "ADMIN", 2), member("o", "OWNER", 9)])).toMatchObject({ _tag: "TransferTo", member: { id: "o" } })
    expect(Clubs.ownedClubSuccession(erased, [me, member("late", "ADMIN", 9), member("early", "ADMIN", 3), member("gone", "ADMIN", 2, "LEFT")]))
      .toMatchObject({ _tag: "TransferTo", member: { id: "early" } })
  })

  it("deactivates with reason 'owner erased' when only moderators and members remain", () => {
    expect(Clubs.ownedClubSuccession(erased, [me, member("m", "MODERATOR", 2), member("x", "MEMBER", 3)])).toEqual({ _tag: "Deactivate", reason: "owner erased" })
  })
})
