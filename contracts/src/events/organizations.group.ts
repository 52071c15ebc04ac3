/** Public organization profiles (A 4.8 `/v2/organizations/{idOrSlug}`) and athlete follows (C). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, Ok } from "../common/index.js"
import { FollowResult, OrganizationProfile } from "./organizer.dto.js"

export class OrganizationsGroup extends HttpApiGroup.make("organizations")
  .add(
    HttpApiEndpoint.get("getOrganization", "/v2/organizations/:idOrSlug")
      .setPath(Schema.Struct({ idOrSlug: Schema.String }))
      .addSuccess(Ok(OrganizationProfile))
      .annotate(OpenApi.Summary, "Public organization profile by id or slug (active, not suspended)")
  )
  .add(
    HttpApiEndpoint.post("followOrganization", "/v2/organizations/:id/follow")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(FollowResult, { status: 201 }))
      .annotate(OpenApi.Summary, "Follow an organization (athletes; idempotent)")
  )
  .add(
    HttpApiEndpoint.del("unfollowOrganization", "/v2/organizations/:id/follow")
      .middleware(Authenticated)
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(FollowResult))
      .annotate(OpenApi.Summary, "Unfollow an organization (athletes; idempotent)")
  )
  .annotate(OpenApi.Title, "Organizations")
  .annotate(OpenApi.Description, "Public organizer profiles and follows")
{}
