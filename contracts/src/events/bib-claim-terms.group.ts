/**
 * Bib claim terms (B "Bib claim terms"): the text athletes accept when claiming a bib, per event.
 * Admins holding `events.manage` list, read and replace them (PUT bumps the version).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { BibClaimTerms, inputOf, IntFromText, Optional, Query } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, op, Requires } from "../common/index.js"

export const BibClaimTermsBody = inputOf(BibClaimTerms, { required: ["body", "requiresIdProof"], optional: ["pickupInstructions"] })
export const BibClaimTermsPage = GetMany(BibClaimTerms).annotations({ identifier: "BibClaimTermsPage" })
const EventIdPath = Schema.Struct({ eventId: Schema.String })

export class BibClaimTermsGroup extends HttpApiGroup.make("bibClaimTerms")
  .add(op.get("listBibClaimTerms", "/v2/bib-claim-terms", { query: Query({ page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }), ok: BibClaimTermsPage, summary: "Every event's bib claim terms, most recently changed first" }))
  .add(op.get("getBibClaimTerms", "/v2/bib-claim-terms/:eventId", { path: EventIdPath, ok: BibClaimTerms, summary: "An event's bib claim terms (404 when the event has none)" }))
  .add(op.put("putBibClaimTerms", "/v2/bib-claim-terms/:eventId", { path: EventIdPath, body: BibClaimTermsBody, ok: BibClaimTerms, summary: "Replace an event's bib claim terms; every replacement bumps the version (audited)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Bib claim terms")
  .annotate(OpenApi.Description, "The terms athletes accept when claiming a bib (events.manage)")
{}
