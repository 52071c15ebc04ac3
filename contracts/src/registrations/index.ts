/** Area API "registrations": athletes' bookings of event tickets, the organizer's bookings, check-in. */
import { AreaApi } from "../common/index.js"
import { CheckInGroup } from "./check-in.group.js"
import { OrganizerBookingsGroup } from "./organizer-bookings.group.js"
import { ParticipationsGroup } from "./participations.group.js"
import { DeferralsGroup } from "./deferrals.group.js"
import { TransfersGroup } from "./transfers.group.js"
import { WaitlistGroup } from "./waitlist.group.js"
import { WaiversGroup } from "./waivers.group.js"
import { WavesGroup } from "./waves.group.js"
import { BibsGroup } from "./bibs.group.js"
import { DevHelpersGroup } from "./dev-helpers.group.js"
import { DeliverablesGroup, RacePackDeskGroup } from "./deliverables.group.js"

export * from "./check-in.group.js"
export * from "./deliverables.group.js"
export * from "./organizer-bookings.group.js"
export * from "./participations.group.js"
export * from "./registrations.dto.js"
export * from "./deferrals.group.js"
export * from "./transfers.group.js"
export * from "./waitlist.group.js"
export * from "./waivers.group.js"
export * from "./waves.group.js"
export * from "./bibs.group.js"
export * from "./dev-helpers.group.js"

export class RegistrationsApi extends AreaApi
  .add(ParticipationsGroup)
  .add(OrganizerBookingsGroup)
  .add(CheckInGroup)
  .add(WaitlistGroup)
  .add(TransfersGroup)
  .add(DeferralsGroup)
  .add(WaiversGroup)
  .add(WavesGroup)
  .add(BibsGroup)
  .add(DevHelpersGroup)
  .add(DeliverablesGroup)
  .add(RacePackDeskGroup) {}
