/** The promotions context's HTTP handlers (mobile experiences, athletes' promotions, organizer promotions): served in the events area, beside the organizer guards. */
import { AdminMobileExperiencesHandlers, MyPromotionsHandlers, OrganizerPromotionsHandlers } from "./mobile-experiences.handlers.js"

export const handlers = [AdminMobileExperiencesHandlers, MyPromotionsHandlers, OrganizerPromotionsHandlers] as const
