/** The partners context's HTTP handlers (official partners, admin and public): served in the platform area. */
import { AdminOfficialPartnersHandlers, OfficialPartnersHandlers } from "./official-partners.handlers.js"

export const handlers = [AdminOfficialPartnersHandlers, OfficialPartnersHandlers] as const
