/** The identity context's HTTP handlers (sign-in, sessions, second factors, identity providers, impersonation): the layers the host's area list provides. */
import { ImpersonationHandlers } from "./impersonation.handlers.js"
import { AuthHandlers } from "./auth.handlers.js"
import { CrewAuthHandlers } from "./crew-auth.handlers.js"
import { OrganizerSignInHandlers } from "./organizer-sign-in.handlers.js"
import { SessionsHandlers } from "./sessions.handlers.js"
import { AdminTotpHandlers } from "./admin-totp.handlers.js"
import { PasskeysHandlers } from "./passkeys.handlers.js"
import { StepUpHandlers } from "./step-up.handlers.js"
import { TotpHandlers } from "./totp.handlers.js"
import { IdentityProvidersHandlers } from "./identity-providers.handlers.js"
import { IdentitiesHandlers } from "./identities.handlers.js"

export const handlers = [
  ImpersonationHandlers,
  AuthHandlers,
  CrewAuthHandlers,
  OrganizerSignInHandlers,
  SessionsHandlers,
  AdminTotpHandlers,
  PasskeysHandlers,
  StepUpHandlers,
  TotpHandlers,
  IdentityProvidersHandlers,
  IdentitiesHandlers
] as const
