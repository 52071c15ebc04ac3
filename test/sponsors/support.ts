/** Helpers of the sponsors tests: brands created as operators do (the core use case), approved and staffed through HTTP. */
import { Sponsors } from "@podium/core"
import { expect } from "vitest"
import { freshPhone, newAthlete, tokenFor } from "../organizers/support.js"
import type { RealHost } from "../support/real-host.js"
import { Accounts } from "@podium/core"
import { Effect } from "effect"

/** An admin holding `permissions` (default: sponsors.manage). */
export const sponsorsAdmin = async (host: RealHost, permissions: ReadonlyArray<string> = ["sponsors.manage"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

/** A PENDING brand, created as the operators' CLI does. */
export const newBrand = (host: RealHost, name = "Acme Sports") => host.run(Sponsors.createBrand({ kind: "test", id: null }, { name }))

/** An APPROVED brand with an athlete holding an ACTIVE OWNER account of it. */
export const approvedBrand = async (host: RealHost, admin: Record<string, string>, name = "Acme Sports") => {
  const brand = await newBrand(host, name)
  const approved = await host.http.request("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "approve" }, admin)
  expect(approved.status).toBe(200)
  const holder = await newAthlete(host)
  const account = await host.http.post(`/v2/admin/sponsors/brands/${brand.id}/accounts`, { userId: holder.user.id, role: "OWNER" }, admin)
  expect(account.status).toBe(201)
  return { brand, holder, account: account.body.data as { id: string; status: string } }
}
