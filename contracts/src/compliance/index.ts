/** Area API "compliance": consent, export, erasure, account merge, tax, moderation. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class ComplianceApi extends HttpApi.make(ApiId) {}
