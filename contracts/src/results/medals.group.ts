/**
 * Medals and profile cards (C Athlete "Medals and series", "Profile cards"): medals come from
 * published results of public events (gold, silver, bronze for overall places 1 to 3, ties share
 * the metal; finisher otherwise). Cards are public share surfaces drawn as SVG (the 1200×630 card
 * keeps its `.png` path but answers image/svg+xml until a PNG renderer lands); user text is escaped.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Medal, MedalKind, Optional, Query, ShareCardTheme, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"

export const EventMedals = Schema.Struct({ eventId: UuidStr, items: Schema.Array(Medal) }).annotations({ identifier: "EventMedals" })
export const UserMedals = Schema.Struct({
  userId: UuidStr,
  summary: Schema.Record({ key: MedalKind, value: Schema.Int }),
  items: Schema.Array(Medal)
}).annotations({ identifier: "UserMedals" })
const Svg = HttpApiSchema.Text({ contentType: "image/svg+xml" })

export class MedalsGroup extends HttpApiGroup.make("medals")
  .add(op.get("eventTopMedals", "/v2/events/:eventId/medals/top", { path: Schema.Struct({ eventId: UuidStr }), ok: EventMedals, summary: "The podium (places 1 to 3) of every published leaderboard of a public event" }))
  .add(op.get("myMedals", "/v2/users/me/medals", { ok: UserMedals, summary: "The caller's medals with their count per metal" }).middleware(Authenticated).annotate(Requires, Role("user")))
  .add(op.get("userMedals", "/v2/users/:userId/medals", { path: Schema.Struct({ userId: UuidStr }), ok: UserMedals, summary: "An athlete's medals from published results of public events" }))
  .annotate(OpenApi.Title, "Athlete / Medals and series")
  .annotate(OpenApi.Description, "Medals derived from published results")
{}

export class ProfileCardsGroup extends HttpApiGroup.make("profileCards")
  .add(op.get("profileCard", "/v2/u/:athleteId/card.png", { path: Schema.Struct({ athleteId: UuidStr }), success: Svg, summary: "The athlete's 1200×630 card (image/svg+xml until PNG lands; 404 ATHLETE_NOT_FOUND)" }))
  .add(op.get("shareCard", "/v2/u/:userId/share-card.svg", { path: Schema.Struct({ userId: UuidStr }), query: Query({ theme: Optional(ShareCardTheme) }), success: Svg, summary: "The athlete's 1080×1920 share card (?theme: classic, night, sunrise, forest, mono)" }))
  .annotate(OpenApi.Title, "Athlete / Profile cards")
  .annotate(OpenApi.Description, "Public share cards of athletes")
{}

export class FinisherCardGroup extends HttpApiGroup.make("finisherCard")
  .add(op.get("finisherCard", "/v2/events/:eventId/finisher-card/:userId.svg", { path: Schema.Struct({ eventId: UuidStr, userId: UuidStr }), success: Svg, summary: "An athlete's 1080×1080 finisher card for a published result at a public event (404 RESULT_NOT_FOUND without one)" }))
  .annotate(OpenApi.Title, "Events / Certificates (athlete)")
  .annotate(OpenApi.Description, "Public finisher cards")
{}

export class AttestationGroup extends HttpApiGroup.make("attestation")
  .add(op.get("challengeAttestation", "/v2/me/challenges/:id/attestation.svg", { path: Schema.Struct({ id: UuidStr }), success: Svg, summary: "The caller's 1080×1920 attestation of participation and progress in a challenge (404 PARTICIPATION_NOT_FOUND, 409 PARTICIPATION_REVOKED)" }).middleware(Authenticated).annotate(Requires, Role("user")))
  .annotate(OpenApi.Title, "Athlete / Attestation")
  .annotate(OpenApi.Description, "Attestations of challenge participation")
{}

export class CharityReceiptGroup extends HttpApiGroup.make("charityReceipt")
  .add(op.get("challengeTaxReceipt", "/v2/me/challenge-participations/:id/tax-receipt", { path: Schema.Struct({ id: Schema.String }), success: HttpApiSchema.Text({ contentType: "text/plain" }), summary: "The caller's 80G donation receipt for a paid entry to a challenge that donates to a verified charity (text/plain)" }).annotate(OpenApi.Description, "The id is the participation's (the challenge's id is accepted too). 404 PARTICIPATION_NOT_FOUND for someone else's; 409 TAX_RECEIPT_NOT_AVAILABLE when the entry was not paid or the challenge donates to no charity."))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete / Charity receipt")
{}
