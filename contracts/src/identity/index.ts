/** Area API "identity": sign-in, tokens, sessions, second factors, admin accounts, impersonation, crew sign-in. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"
import { AdminsGroup } from "./admins.group.js"
import { AuthGroup } from "./auth.group.js"
import { CrewAuthGroup } from "./crew-auth.group.js"
import { OrganizerSignInGroup } from "./organizer-sign-in.group.js"
import { SessionsGroup } from "./sessions.group.js"

export * from "./admins.group.js"
export * from "./auth.group.js"
export * from "./crew-auth.group.js"
export * from "./organizer-sign-in.group.js"
export * from "./sessions.group.js"
export * from "./sign-in.dto.js"

export class IdentityApi extends HttpApi.make(ApiId)
  .add(AuthGroup)
  .add(SessionsGroup)
  .add(CrewAuthGroup)
  .add(AdminsGroup)
  .add(OrganizerSignInGroup) {}
