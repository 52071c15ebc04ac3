/** The organizers context's HTTP handlers (organizers, teams, staff tasks, shipping, declarations, GST, crew join codes, KYC, oversight): the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the analytics read model's port type through this namespace
import type { Organizers } from "@podium/core"
import { OrganizationsHandlers, OrganizersHandlers } from "./organizers.handlers.js"
import { OrganizerTeamHandlers } from "./team.handlers.js"
import { OrganizerAnalyticsHandlers, OrganizerPortalAnalyticsHandlers } from "./analytics.handlers.js"
import { OrganizerStaffTasksHandlers } from "./staff-tasks.handlers.js"
import { OrganizerShippingHandlers } from "./shipping.handlers.js"
import { DeclarationFormHandlers, DeclarationTemplatesHandlers } from "./declarations.handlers.js"
import { GstDeclarationHandlers, GstDeclarationsAdminHandlers, GstTemplatesHandlers } from "./gst.handlers.js"
import { CrewJoinCodesHandlers, CrewJoinHandlers } from "./crew-join-codes.handlers.js"
import { OrganizerKycHandlers } from "./kyc.handlers.js"
import { OrganizerOversightHandlers } from "./oversight.handlers.js"
import { OrganizerVerificationHandlers } from "./verification.handlers.js"

export const handlers = [
  OrganizationsHandlers,
  OrganizersHandlers,
  OrganizerTeamHandlers,
  OrganizerAnalyticsHandlers,
  OrganizerPortalAnalyticsHandlers,
  OrganizerStaffTasksHandlers,
  OrganizerShippingHandlers,
  DeclarationFormHandlers,
  DeclarationTemplatesHandlers,
  GstDeclarationHandlers,
  GstDeclarationsAdminHandlers,
  GstTemplatesHandlers,
  CrewJoinCodesHandlers,
  CrewJoinHandlers,
  OrganizerKycHandlers,
  OrganizerOversightHandlers,
  OrganizerVerificationHandlers
] as const

/** The tenancy guards this context's groups declare. */
export { OrganizerTenancyLive as guards } from "./tenancy.middleware.js"
