/** Area API "clubs": clubs, tiers, onboarding, club KYC, points, RC grants, settlements. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class ClubsApi extends HttpApi.make(ApiId) {}
