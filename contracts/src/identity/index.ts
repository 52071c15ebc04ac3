/** Area API "identity": sign-in, tokens, sessions, second factors, admin accounts, impersonation, crew sign-in. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class IdentityApi extends HttpApi.make(ApiId) {}
