/** Helpers of the KYC and oversight tests: reviewer admins, PENDING organizers, KYC forms. */
import { Accounts, Organizers } from "@podium/core"
import { Effect } from "effect"
import type { RealHost } from "../support/real-host.js"
import { freshPhone, multipart, PdfBytes, PngBytes, seedOrganizer, tokenFor } from "./support.js"

/** An admin holding `organizers.review` (or the given permissions). */
export const reviewer = async (host: RealHost, permissions: ReadonlyArray<string> = ["organizers.review"]) => {
  const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone(), permissions })))
  return { admin, headers: await tokenFor(host, "admin", admin.id) }
}

/** A seeded organizer (OWNER, ADMIN, VIEWER signed in) moved to approval status `status`. */
export const organizerIn = async (host: RealHost, status: Organizers.ApprovalStatus, name = "Kyc Org") => {
  const org = await seedOrganizer(host, name)
  if (status !== "APPROVED") {
    await host.run(Effect.flatMap(Organizers.OrganizerRepo, (r) => r.update(org.id, { approvalStatus: status })))
  }
  return org
}

export const pdf = (name: string) => ({ bytes: PdfBytes, name, type: "application/pdf" })
export const png = (name: string) => ({ bytes: PngBytes, name, type: "image/png" })

/** A complete first submission with the GST certificate. */
export const fullKyc = () => ({
  "bankAccountDetails[accountNumber]": "123456789012",
  "bankAccountDetails[ifscCode]": "HDFC0001234",
  websiteOrAppUrl: "https://runners.example",
  businessDescription: "Running events across Maharashtra",
  businessRegistrationCertificate: pdf("brc.pdf"),
  panCard: png("pan.png"),
  gstRegistrationCertificate: pdf("gst.pdf")
})

/** Submits a full KYC as the organizer's OWNER; answers the KYC view. */
export const submitKyc = async (host: RealHost, org: { id: string; owner: { headers: Record<string, string> } }) => {
  const res = await multipart(host, "POST", `/v2/organizers/${org.id}/business-kyc`, fullKyc(), org.owner.headers)
  if (res.status !== 201) throw new Error(`KYC submit failed: ${res.status} ${res.text}`)
  return res.body.data as { id: string; organizerId: string; status: string }
}
