/** Public organization profiles (A 4.8 `/v2/organizations/{idOrSlug}`) and athlete follows (C). */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"
import { FollowResult, OrganizationProfile } from "./organizer.dto.js"

export class OrganizationsGroup extends HttpApiGroup.make("organizations")
  .add(op.get("getOrganization", "/v2/organizations/:idOrSlug", { path: Schema.Struct({ idOrSlug: Schema.String }), ok: OrganizationProfile, summary: "Public organization profile by id or slug (active, not suspended)" }))
  .add(op.post("followOrganization", "/v2/organizations/:id/follow", { path: Schema.Struct({ id: Schema.String }), ok: FollowResult, status: 201, summary: "Follow an organization (athletes; idempotent)" }).middleware(Authenticated))
  .add(op.del("unfollowOrganization", "/v2/organizations/:id/follow", { path: Schema.Struct({ id: Schema.String }), ok: FollowResult, summary: "Unfollow an organization (athletes; idempotent)" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Organizations")
  .annotate(OpenApi.Description, "Public organizer profiles and follows")
{}
