/** The promotions context's HTTP handlers (mobile experiences, athletes' promotions, organizer promotions): served in the events area, beside the organizer guards. */
import { AdminMobileExperiencesHandlers, MyPromotionsHandlers, OrganizerMobilePromotionsHandlers } from "./mobile-experiences.handlers.js"

export const handlers = [AdminMobileExperiencesHandlers, MyPromotionsHandlers, OrganizerMobilePromotionsHandlers] as const
