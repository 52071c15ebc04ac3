/**
 * Bib templates (C "Bib templates"): the gallery is the platform's GLOBAL designs plus an
 * organizer's own. Admins (with `events.catalog`) make GLOBAL ones and manage any; an organizer's
 * OWNER/ADMIN makes and changes its own (`organizerId`), its VIEWERs read them; another
 * organizer's template answers 404.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { BibTemplate, Body, inputOf, Optional, Query, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

const design = ["description", "backgroundColor", "textColor", "accentColor", "fontFamily", "showQrCode", "sampleBibNumber", "sampleName"] as const
export const CreateBibTemplateBody = Body({ ...inputOf(BibTemplate, { required: ["name"], optional: design }).fields, organizerId: Optional(UuidStr) })
export const UpdateBibTemplateBody = Body({ ...inputOf(BibTemplate, { required: [], optional: ["name", ...design] }).fields })
export const PreviewBibTemplateBody = Body({ ...inputOf(BibTemplate, { required: [], optional: ["sampleBibNumber", "sampleName"] }).fields })
const IdPath = Schema.Struct({ id: Schema.String })
const Deleted = Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) })

export class BibTemplatesGroup extends HttpApiGroup.make("bibTemplates")
  .add(op.get("bibTemplateGallery", "/v2/bib-templates", { query: Query({ organizerId: Optional(Schema.String) }), ok: Schema.Array(BibTemplate), summary: "The gallery: every GLOBAL template plus, with organizerId, that organizer's own (its members)" }))
  .add(op.post("createBibTemplate", "/v2/bib-templates", { body: CreateBibTemplateBody, ok: BibTemplate, status: 201, summary: "Create a template: admins without organizerId make a GLOBAL one; an organizer's OWNER/ADMIN makes the organizer's own" }))
  .add(op.get("getBibTemplate", "/v2/bib-templates/:id", { path: IdPath, ok: BibTemplate, summary: "One template (GLOBAL, or the caller's organizer's)" }))
  .add(op.patch("updateBibTemplate", "/v2/bib-templates/:id", { path: IdPath, body: UpdateBibTemplateBody, ok: BibTemplate, summary: "Change a template's design (its thumbnail is rendered again); GLOBAL ones by admins only" }))
  .add(op.del("deleteBibTemplate", "/v2/bib-templates/:id", { path: IdPath, ok: Deleted, summary: "Delete a template (GLOBAL ones by admins only)" }))
  .add(op.post("previewBibTemplate", "/v2/bib-templates/:id/preview", { path: IdPath, body: PreviewBibTemplateBody, ok: BibTemplate, summary: "Re-render the thumbnail, optionally with another sample bib number and name" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminsNeed("events.catalog"))
  .annotate(OpenApi.Title, "Bib templates")
{}
