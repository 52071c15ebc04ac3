/** Area API "identity": sign-in, tokens, sessions, second factors, admin accounts, impersonation, crew sign-in. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { AdminsGroup } from "./admins.group.js"
import { AdminAccountsGroup } from "./admin-accounts.group.js"
import { AdminPermissionsGroup } from "./admin-permissions.group.js"
import { ImpersonationGroup } from "./impersonation.group.js"
import { AuthGroup } from "./auth.group.js"
import { CrewAuthGroup } from "./crew-auth.group.js"
import { OrganizerSignInGroup } from "./organizer-sign-in.group.js"
import { SessionsGroup } from "./sessions.group.js"
import { IdentityProvidersGroup } from "./identity-providers.group.js"
import { IdentitiesGroup } from "./identities.group.js"
import { TotpGroup } from "./totp.group.js"
import { PasskeysGroup } from "./passkeys.group.js"
import { StepUpGroup } from "./step-up.group.js"
import { AdminTotpGroup } from "./admin-totp.group.js"

export * from "./admins.group.js"
export * from "./admin-accounts.group.js"
export * from "./admin-permissions.group.js"
export * from "./impersonation.group.js"
export * from "./auth.group.js"
export * from "./crew-auth.group.js"
export * from "./organizer-sign-in.group.js"
export * from "./sessions.group.js"
export * from "./identity-providers.group.js"
export * from "./identities.group.js"
export * from "./sign-in.dto.js"
export * from "./second-factor.dto.js"
export * from "./totp.group.js"
export * from "./passkeys.group.js"
export * from "./step-up.group.js"
export * from "./admin-totp.group.js"

export class IdentityApi extends AreaApi
  .add(AuthGroup)
  .add(SessionsGroup)
  .add(CrewAuthGroup)
  .add(AdminsGroup)
  .add(AdminAccountsGroup)
  .add(AdminPermissionsGroup)
  .add(ImpersonationGroup)
  .add(OrganizerSignInGroup)
  .add(IdentityProvidersGroup)
  .add(IdentitiesGroup)
  .add(TotpGroup)
  .add(PasskeysGroup)
  .add(StepUpGroup)
  .add(AdminTotpGroup) {}
