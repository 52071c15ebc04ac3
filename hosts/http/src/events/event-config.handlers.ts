/** Handlers of an event's configuration groups: each acts for the organizer the tenancy guard granted, on the event the path names. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events, type Identity, Media, type Platform } from "@podium/core"
import type { EventGalleryImage } from "@podium/kernel"
import { Effect, type Layer } from "effect"
import { readFile } from "node:fs/promises"
import { apiGroup } from "../serving/served-groups.js"

/** What the configuration handlers need: the events repositories, the blob store and the keys of media URLs and upload names. */
export type EventConfigHandlerServices =
  | Events.EventRepo
  | Events.EventInventoryRepo
  | Events.EventAddOnRepo
  | Events.EventCouponRepo
  | Events.EventCourseRepo
  | Events.EventWaypointRepo
  | Events.EventFaqRepo
  | Events.EventFormRepo
  | Events.EventGalleryRepo
  | Events.EventCommunicationRepo
  | Media.BlobStore
  | Media.VideoUploadRepo
  | Platform.Transactor
  | Authenticated
  | Identity.Hmac
  | Identity.SecureRandom
  | OrganizerManagers
  | OrganizerReaders

type Group<Name extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", Name>, never, EventConfigHandlerServices>

/** The event of the path, for the organizer the guard granted. */
const scopeOf = (eventId: string) => Effect.map(OrganizerAccess, (access): Events.EventScope => ({ organizerId: access.organizerId, eventId }))

const uploadOf = (file: { readonly path: string; readonly name: string }) =>
  Effect.map(Effect.promise(() => readFile(file.path)), (bytes): Media.Upload => ({ fileName: file.name, bytes: new Uint8Array(bytes) }))

export const EventAddOnsHandlers: Group<"eventAddOns"> = apiGroup(EventsApi, "eventAddOns", (handlers) =>
  handlers
    .handle("listEventAddOns", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listAddOns(s, urlParams)))
    .handle("createEventAddOn", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createAddOn(s, payload)))
    .handle("getEventAddOn", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.getAddOn(s, path.addOnId)))
    .handle("updateEventAddOn", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.updateAddOn(s, path.addOnId, payload)))
    .handle("toggleEventAddOn", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.toggleAddOn(s, path.addOnId)))
    .handle("deleteEventAddOn", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteAddOn(s, path.addOnId))))

export const EventCouponsHandlers: Group<"eventCoupons"> = apiGroup(EventsApi, "eventCoupons", (handlers) =>
  handlers
    .handle("listEventCoupons", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listCoupons(s, urlParams)))
    .handle("createEventCoupon", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createCoupon(s, payload)))
    .handle("getEventCoupon", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.getCoupon(s, path.couponId)))
    .handle("listEventCouponTickets", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.couponTickets(s, path.couponId)))
    .handle("deleteEventCoupon", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteCoupon(s, path.couponId))))

export const EventCourseHandlers: Group<"eventCourse"> = apiGroup(EventsApi, "eventCourse", (handlers) =>
  handlers
    .handle("getEventCourse", ({ path }) => Effect.flatMap(scopeOf(path.eventId), Events.getCourse))
    .handle("uploadEventCourse", ({ path, payload }) =>
      Effect.gen(function*() {
        const scope = yield* scopeOf(path.eventId)
        return yield* Events.uploadCourse(scope, { upload: yield* uploadOf(payload.file), name: payload.name })
      }))
    .handle("listEventWaypoints", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listWaypoints(s, urlParams)))
    .handle("createEventWaypoint", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createWaypoint(s, payload)))
    .handle("updateEventWaypoint", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.updateWaypoint(s, path.waypointId, payload)))
    .handle("deleteEventWaypoint", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteWaypoint(s, path.waypointId))))

export const EventFaqsHandlers: Group<"eventFaqs"> = apiGroup(EventsApi, "eventFaqs", (handlers) =>
  handlers
    .handle("createEventFaqs", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createFaqs(s, payload.bulk)))
    .handle("listEventFaqs", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listFaqs(s, urlParams)))
    .handle("createEventFaq", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createFaq(s, payload)))
    .handle("replaceEventFaqs", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.replaceFaqs(s, payload.faqs)))
    .handle("getEventFaq", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.getFaq(s, path.faqId)))
    .handle("deleteEventFaq", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteFaq(s, path.faqId))))

export const EventFormsHandlers: Group<"eventForms"> = apiGroup(EventsApi, "eventForms", (handlers) =>
  handlers
    .handle("listEventForms", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listForms(s, urlParams)))
    .handle("createEventForm", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createForm(s, payload)))
    .handle("getEventForm", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.getForm(s, path.formId, urlParams.version)))
    .handle("updateEventForm", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.changeForm(s, path.formId, payload, false)))
    .handle("replaceEventForm", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.changeForm(s, path.formId, payload, true)))
    .handle("toggleEventForm", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.toggleForm(s, path.formId)))
    .handle("deleteEventForm", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteForm(s, path.formId))))

/** The image with a fresh public media URL (fields left out by `fields=` stay out). */
const imageView = <I extends Partial<EventGalleryImage>>(image: I) =>
  image.key === undefined || image.contentType === undefined
    ? Effect.succeed(image)
    : Effect.map(Media.mediaUrl({ key: image.key, contentType: image.contentType }, "public"), (url) => ({ ...image, url }))

export const EventGalleryHandlers: Group<"eventGallery"> = apiGroup(EventsApi, "eventGallery", (handlers) =>
  handlers
    .handle("listEventGallery", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = yield* Events.listGallery(yield* scopeOf(path.eventId), urlParams)
        return { ...page, data: yield* Effect.forEach(page.data, imageView) }
      }))
    .handle("addEventGalleryImage", ({ path, payload }) =>
      Effect.gen(function*() {
        const scope = yield* scopeOf(path.eventId)
        const upload = payload.image === undefined ? undefined : yield* uploadOf(payload.image)
        const image = yield* Events.addGalleryImage(scope, { upload, videoUploadId: payload.videoUploadId, caption: payload.caption, sortOrder: payload.sortOrder })
        return { ...image, url: yield* Media.mediaUrl(image, "public") }
      }))
    .handle("deleteEventGalleryImage", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteGalleryImage(s, path.imageId))))

export const EventVideoUploadsHandlers: Group<"eventVideoUploads"> = apiGroup(EventsApi, "eventVideoUploads", (handlers) =>
  handlers
    .handle("uploadEventVideo", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const upload = payload.file === undefined ? undefined : yield* uploadOf(payload.file)
        return yield* Events.uploadEventVideo({ organizerId: access.organizerId, eventId: payload.eventId }, access.principal.accountId, upload)
      }))
    .handle("cleanupEventVideos", () => Events.cleanupEventVideoUploads))

export const EventCommunicationsHandlers: Group<"eventCommunications"> = apiGroup(EventsApi, "eventCommunications", (handlers) =>
  handlers
    .handle("listEventCommunications", ({ path, urlParams }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.listCommunications(s, urlParams)))
    .handle("createEventCommunication", ({ path, payload }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.createCommunication(s, payload)))
    .handle("getEventCommunication", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.getCommunication(s, path.templateId)))
    .handle("updateEventCommunication", ({ path, payload }) =>
      Effect.flatMap(scopeOf(path.eventId), (s) => Events.updateCommunication(s, path.templateId, payload)))
    .handle("deleteEventCommunication", ({ path }) => Effect.flatMap(scopeOf(path.eventId), (s) => Events.deleteCommunication(s, path.templateId)))
    .handle("previewEventCommunication", ({ path, payload }) =>
      Effect.flatMap(scopeOf(path.eventId), (s) => Events.previewCommunication(s, path.templateId, payload.variables ?? {}))))

export const EventConfigHandlers = [
  EventAddOnsHandlers,
  EventCouponsHandlers,
  EventCourseHandlers,
  EventFaqsHandlers,
  EventFormsHandlers,
  EventGalleryHandlers,
  EventVideoUploadsHandlers,
  EventCommunicationsHandlers
] as const
