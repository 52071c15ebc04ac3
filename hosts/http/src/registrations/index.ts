/** The registrations context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Registrations } from "@podium/core"
import { CheckInHandlers } from "./check-in.handlers.js"
import { OrganizerBookingsHandlers } from "./organizer-bookings.handlers.js"
import { ParticipationsHandlers } from "./participations.handlers.js"
import { DeferralsHandlers } from "./deferrals.handlers.js"
import { TransfersHandlers } from "./transfers.handlers.js"
import { WaitlistHandlers } from "./waitlist.handlers.js"
import { WaiversHandlers } from "./waivers.handlers.js"
import { WavesHandlers } from "./waves.handlers.js"
import { BibsHandlers } from "./bibs.handlers.js"
import { DevHelpersHandlers } from "./dev-helpers.handlers.js"
import { DeliverablesHandlers, RacePackDeskHandlers } from "./deliverables.handlers.js"

export const handlers = [ParticipationsHandlers, OrganizerBookingsHandlers, CheckInHandlers, WaitlistHandlers, TransfersHandlers, DeferralsHandlers, WaiversHandlers, WavesHandlers, BibsHandlers, DevHelpersHandlers, DeliverablesHandlers, RacePackDeskHandlers] as const
