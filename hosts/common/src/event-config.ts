/** An event's configuration (add-ons, coupons, course, FAQs, forms, gallery, communications): its repositories, live and memory, for the events context. */
import type { Events } from "@podium/core"
import {
  EventAddOnRepoMemory,
  EventCommunicationRepoMemory,
  EventCouponRepoMemory,
  EventCourseRepoMemory,
  EventFaqRepoMemory,
  EventFormRepoMemory,
  EventGalleryRepoMemory,
  EventWaypointRepoMemory
} from "@podium/core/testing"
import {
  EventAddOnRepoPg,
  EventCommunicationRepoPg,
  EventCouponRepoPg,
  EventCourseRepoPg,
  EventFaqRepoPg,
  EventFormRepoPg,
  EventGalleryRepoPg,
  EventWaypointRepoPg
} from "@podium/postgres"
import { Layer } from "effect"

export type EventConfigRepos =
  | Events.EventAddOnRepo
  | Events.EventCouponRepo
  | Events.EventCourseRepo
  | Events.EventWaypointRepo
  | Events.EventFaqRepo
  | Events.EventFormRepo
  | Events.EventGalleryRepo
  | Events.EventCommunicationRepo

export const EventConfigLive = Layer.mergeAll(
  EventAddOnRepoPg,
  EventCouponRepoPg,
  EventCourseRepoPg,
  EventWaypointRepoPg,
  EventFaqRepoPg,
  EventFormRepoPg,
  EventGalleryRepoPg,
  EventCommunicationRepoPg
)

export const EventConfigMemory = Layer.mergeAll(
  EventAddOnRepoMemory,
  EventCouponRepoMemory,
  EventCourseRepoMemory,
  EventWaypointRepoMemory,
  EventFaqRepoMemory,
  EventFormRepoMemory,
  EventGalleryRepoMemory,
  EventCommunicationRepoMemory
)
