/**
 * Promotion studio (C "Promotion studio" /v2/promotion-studio/{workspaceType}/{workspaceId}):
 * estimate and send a promotion from a workspace, its send history and the promotion templates it
 * may use. The caller must be an ACTIVE team member of the workspace (OWNER or ADMIN to send or
 * estimate, any role to read; a platform admin may read).
 *
 * Decision (spec silent): `organizer` is the only workspace type — the organizer is what owns a
 * notification wallet; another type answers 400. History lists the workspace's paid send batches
 * (plain sends and promotions) newest first.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, OneOf, Optional, Query, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"
import { NotificationBatchView } from "./organizer-notification-sending.group.js"
import { OrganizerPromotionTemplateView, PromotionEstimateBody, PromotionEstimateView, PromotionSendBody, PromotionSendView } from "./organizer-promotions.group.js"

export const WorkspaceTypes = ["organizer"] as const
export const WorkspacePath = Schema.Struct({ workspaceType: OneOf(...WorkspaceTypes), workspaceId: UuidStr }).annotations({
  parseOptions: { errors: "all" }
})

const base = "/v2/promotion-studio/:workspaceType/:workspaceId"

export class PromotionStudioGroup extends HttpApiGroup.make("promotionStudio")
  .add(op.post("studioEstimate", `${base}/estimate`, { path: WorkspacePath, body: PromotionEstimateBody, ok: PromotionEstimateView, status: 201, summary: "Audience after filters, cost at the promotion's price, wallet balance and quota — nothing is sent" }))
  .add(op.post("studioSend", `${base}/send`, { path: WorkspacePath, body: PromotionSendBody, ok: PromotionSendView, status: 201, summary: "Send a promotion from the workspace (wallet debit; 409 INSUFFICIENT_BALANCE, 429 QUOTA_EXCEEDED)" }))
  .add(op.get("studioHistory", `${base}/history`, { path: WorkspacePath, query: Query({ page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }), ok: Schema.Struct({
        items: Schema.Array(NotificationBatchView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      }), summary: "The workspace's paid send batches, newest first" }))
  .add(op.get("studioTemplates", `${base}/templates`, { path: WorkspacePath, ok: Schema.Array(OrganizerPromotionTemplateView), summary: "Promotion templates the workspace may send" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Promotion studio")
  .annotate(OpenApi.Description, "Promotion estimate, send, history and templates per workspace")
{}
