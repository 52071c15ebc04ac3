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
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, OneOf, Optional, Query, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok } from "../common/index.js"
import { NotificationBatchView } from "./organizer-notification-sending.group.js"
import { OrganizerPromotionTemplateView, PromotionEstimateBody, PromotionEstimateView, PromotionSendBody, PromotionSendView } from "./organizer-promotions.group.js"

export const WorkspaceTypes = ["organizer"] as const
export const WorkspacePath = Schema.Struct({ workspaceType: OneOf(...WorkspaceTypes), workspaceId: UuidStr }).annotations({
  parseOptions: { errors: "all" }
})

const base = "/v2/promotion-studio/:workspaceType/:workspaceId"

export class PromotionStudioGroup extends HttpApiGroup.make("promotionStudio")
  .add(
    HttpApiEndpoint.post("studioEstimate", `${base}/estimate`)
      .setPath(WorkspacePath)
      .setPayload(PromotionEstimateBody)
      .addSuccess(Ok(PromotionEstimateView, { status: 201 }))
      .annotate(OpenApi.Summary, "Audience after filters, cost at the promotion's price, wallet balance and quota — nothing is sent")
  )
  .add(
    HttpApiEndpoint.post("studioSend", `${base}/send`)
      .setPath(WorkspacePath)
      .setPayload(PromotionSendBody)
      .addSuccess(Ok(PromotionSendView, { status: 201 }))
      .annotate(OpenApi.Summary, "Send a promotion from the workspace (wallet debit; 409 INSUFFICIENT_BALANCE, 429 QUOTA_EXCEEDED)")
  )
  .add(
    HttpApiEndpoint.get("studioHistory", `${base}/history`)
      .setPath(WorkspacePath)
      .setUrlParams(Query({ page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }))
      .addSuccess(Ok(Schema.Struct({
        items: Schema.Array(NotificationBatchView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      })))
      .annotate(OpenApi.Summary, "The workspace's paid send batches, newest first")
  )
  .add(
    HttpApiEndpoint.get("studioTemplates", `${base}/templates`)
      .setPath(WorkspacePath)
      .addSuccess(Ok(Schema.Array(OrganizerPromotionTemplateView)))
      .annotate(OpenApi.Summary, "Promotion templates the workspace may send")
  )
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Promotion studio")
  .annotate(OpenApi.Description, "Promotion estimate, send, history and templates per workspace")
{}
