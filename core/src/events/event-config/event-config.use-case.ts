/**
 * The organizer's configuration of one event. Every use case first finds the event among the
 * organizer's own (another organizer's event answers 404 exactly like a missing one, so event ids
 * of other tenants cannot be probed); writes are refused while an admin holds the event suspended.
 * Records of the plain collections are reached only through their event: an id of another
 * event's record is a 404 too.
 */
import type { Event, EventCommunication, EventCoupon, EventGalleryImage, EventTicket, FormField } from "@podium/kernel"
import { Clock, Effect, Either, Option } from "effect"
import { ImageRule, type Upload, checkUpload } from "../../media/file-type.model.js"
import { BlobStore } from "../../media/blob-store.port.js"
import { mediaUrl } from "../../media/media-token.model.js"
import { putUpload } from "../../media/stored-file.js"
import { claimVideoUpload, cleanupVideoUploads, releaseVideoUpload, uploadVideo } from "../../media/video-upload.use-case.js"
import { Transactor } from "../../platform/transactor.port.js"
import { renderTemplate } from "../../notifications/template.model.js"
import { placeholdersOf } from "../../notifications/template.model.js"
import type { AnyCollection, CollectionRepo, RecordOf } from "../../platform/collection.js"
import { ResourceConflict, ResourceNotFound, selectFields } from "../../platform/crud.port.js"
import { type ListParams, type ListQuery, listPage, type ListSpec, parseListQuery } from "../../platform/list-query.model.js"
import { EventInvalid, EventNotFound, EventSuspended, instantIn, wallClockOf } from "../event.model.js"
import { EventInventoryRepo, EventRepo } from "../event.port.js"
import { publicEvent } from "../event.use-case.js"
import {
  AddOnSold,
  CommunicationExists,
  CouponInUse,
  CouponListSpec,
  CourseNotFound,
  EventAddOnRepo,
  EventAddOns,
  EventCommunicationRepo,
  EventCommunications,
  EventCouponRepo,
  EventCourseRepo,
  EventFaqRepo,
  EventFaqs,
  EventFormRepo,
  EventGallery,
  EventGalleryRepo,
  EventWaypointRepo,
  EventWaypoints,
  type FaqInput,
  FormListSpec,
  FormVersionNotFound,
  GalleryFull,
  GalleryLimit
} from "./event-config.model.js"
import { parseGpx } from "./gpx.model.js"

/** The event a request names and the organizer the tenancy guard granted. */
export interface EventScope {
  readonly organizerId: string
  readonly eventId: string
}

/** The organizer's own event (404 for a missing one and for another organizer's). */
export const organizerEvent = Effect.fn("events.config.event")(function*(scope: EventScope) {
  const found = yield* Effect.flatMap(EventRepo, (r) => r.findById(scope.eventId))
  if (Option.isNone(found) || found.value.organizerId !== scope.organizerId) return yield* new EventNotFound({ ref: scope.eventId })
  return found.value
})

/** The organizer's own event, when its configuration may change (not while suspended). */
export const changeableEvent = Effect.fn("events.config.changeable")(function*(scope: EventScope) {
  const event = yield* organizerEvent(scope)
  if (event.status === "suspended") return yield* new EventSuspended({ eventId: event.id })
  return event
})

const invalid = (...messages: ReadonlyArray<string>) => new EventInvalid({ messages })

// ---- the plain per-event collections ----

/** The client's list query restricted to one event's records. */
const eventQuery = (spec: ListSpec, eventId: string, params: ListParams) =>
  Effect.map(Either.match(parseListQuery(spec, params), { onLeft: Effect.fail, onRight: Effect.succeed }), (query): ListQuery => {
    const own = { _tag: "Cond" as const, condition: { field: "eventId", operator: "$eq" as const, value: eventId } }
    return { ...query, where: query.where === undefined ? own : { _tag: "And", items: [own, query.where] } }
  })

const listIn = <C extends AnyCollection>(collection: C, repo: CollectionRepo<C>, eventId: string, params: ListParams) =>
  Effect.gen(function*() {
    const query = yield* eventQuery(collection.crud.list, eventId, params)
    const page = yield* repo.list(query)
    return listPage(query, page.data.map((r) => selectFields(collection.crud, query.fields, r as object) as Partial<RecordOf<C>>), page.total)
  })

const findIn = <C extends AnyCollection>(collection: C, repo: CollectionRepo<C>, eventId: string, id: string) =>
  Effect.flatMap(repo.get(id), (found) =>
    Option.isSome(found) && (found.value as { readonly eventId: string }).eventId === eventId
      ? Effect.succeed(found.value as RecordOf<C>)
      : Effect.fail(new ResourceNotFound({ resource: collection.resource, id })))

const changed = <A>(resource: string, id: string) => (record: Option.Option<A>) =>
  Option.match(record, { onNone: () => Effect.fail(new ResourceNotFound({ resource, id })), onSome: Effect.succeed })

// ---- add-ons ----

export interface AddOnInput {
  readonly name: string
  readonly description?: string | null
  readonly price: number
  readonly currency?: "INR"
  readonly stock: number
  readonly maxPerBooking?: number
  readonly isActive?: boolean
}

export const listAddOns = (scope: EventScope, params: ListParams) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventAddOnRepo, (repo) => listIn(EventAddOns, repo, scope.eventId, params)))

export const getAddOn = (scope: EventScope, id: string) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventAddOnRepo, (repo) => findIn(EventAddOns, repo, scope.eventId, id)))

export const createAddOn = Effect.fn("events.addOns.create")(function*(scope: EventScope, input: AddOnInput) {
  yield* changeableEvent(scope)
  return yield* Effect.flatMap(EventAddOnRepo, (repo) => repo.create({ ...input, eventId: scope.eventId }))
})

/** Stock never goes below the units already sold (checked by the write itself, not by a read before it). */
export const updateAddOn = Effect.fn("events.addOns.update")(function*(scope: EventScope, id: string, patch: Partial<AddOnInput>) {
  yield* changeableEvent(scope)
  const repo = yield* EventAddOnRepo
  yield* findIn(EventAddOns, repo, scope.eventId, id)
  const outcome = yield* Effect.flatMap(repo.updateAboveSold(id, patch), changed(EventAddOns.resource, id))
  if ("below" in outcome) return yield* invalid(`stock must not be lower than the ${outcome.below} unit(s) already sold`)
  return outcome.updated
})

export const toggleAddOn = Effect.fn("events.addOns.toggle")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventAddOnRepo
  const current = yield* findIn(EventAddOns, repo, scope.eventId, id)
  return yield* Effect.flatMap(repo.update(id, { isActive: !current.isActive }), changed(EventAddOns.resource, id))
})

export const deleteAddOn = Effect.fn("events.addOns.delete")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventAddOnRepo
  yield* findIn(EventAddOns, repo, scope.eventId, id)
  const outcome = yield* repo.removeUnsold(id)
  if (outcome === "missing") return yield* new ResourceNotFound({ resource: EventAddOns.resource, id })
  if (outcome !== "deleted") return yield* new AddOnSold({ addOnId: id, sold: outcome.sold })
  return { id, deleted: true }
})

// ---- coupons ----

export interface CouponInput {
  readonly code: string
  readonly description?: string | null
  readonly discountType: "percent" | "fixed"
  readonly discountValue: number
  readonly currency?: "INR"
  readonly maxUses?: number | null
  readonly maxUsesPerUser?: number | null
  readonly ticketIds?: ReadonlyArray<string>
  /** ISO-8601; without an offset, read on the event's wall clock. */
  readonly validFrom?: string | null
  readonly validUntil?: string | null
}

const instantField = (field: string, text: string | null | undefined, zone: string) => {
  if (text === undefined || text === null) return Either.right(null)
  const at = instantIn(text, zone)
  return at === undefined ? Either.left(`${field} must be a valid ISO 8601 date string`) : Either.right(at)
}

/** Percent 1–100, the window in order, the per-athlete cap within the total, tickets of this event. */
export const createCoupon = Effect.fn("events.coupons.create")(function*(scope: EventScope, input: CouponInput) {
  const event = yield* changeableEvent(scope)
  const from = instantField("validFrom", input.validFrom, event.timezone)
  const until = instantField("validUntil", input.validUntil, event.timezone)
  const ticketIds = [...new Set(input.ticketIds ?? [])]
  const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(scope.eventId))
  const known = new Set(tickets.map((t) => t.id))
  const messages = [
    ...(input.discountType === "percent" && input.discountValue > 100 ? ["discountValue must not be greater than 100 for a percent coupon"] : []),
    ...(Either.isLeft(from) ? [from.left] : []),
    ...(Either.isLeft(until) ? [until.left] : []),
    ...(Either.isRight(from) && Either.isRight(until) && from.right !== null && until.right !== null && until.right <= from.right
      ? ["validUntil must be after validFrom"]
      : []),
    ...(input.maxUses != null && input.maxUsesPerUser != null && input.maxUsesPerUser > input.maxUses
      ? ["maxUsesPerUser must not be greater than maxUses"]
      : []),
    ...(ticketIds.some((id) => !known.has(id)) ? ["ticketIds must name tickets of this event"] : [])
  ]
  if (messages.length > 0) return yield* invalid(...messages)
  return yield* Effect.flatMap(EventCouponRepo, (r) =>
    r.create({
      eventId: scope.eventId,
      code: input.code.toUpperCase(),
      description: input.description ?? null,
      discountType: input.discountType,
      discountValue: input.discountValue,
      currency: input.currency ?? "INR",
      maxUses: input.maxUses ?? null,
      maxUsesPerUser: input.maxUsesPerUser ?? null,
      ticketIds,
      validFrom: Either.getOrThrow(from),
      validUntil: Either.getOrThrow(until)
    }))
})

export const listCoupons = Effect.fn("events.coupons.list")(function*(scope: EventScope, params: ListParams) {
  const spec = CouponListSpec
  yield* organizerEvent(scope)
  const query = yield* Either.match(parseListQuery(spec, params), { onLeft: Effect.fail, onRight: Effect.succeed })
  const page = yield* Effect.flatMap(EventCouponRepo, (r) => r.list(scope.eventId, query))
  return listPage(query, page.data.map((c) => selectFields({ name: "coupon", list: spec, maxBulk: 1 }, query.fields, c)), page.total)
})

const couponOf = (scope: EventScope, couponId: string) =>
  Effect.flatMap(EventCouponRepo, (r) => r.find(scope.eventId, couponId)).pipe(
    Effect.flatMap(changed<EventCoupon>("coupon", couponId))
  )

export const getCoupon = (scope: EventScope, couponId: string) => Effect.zipRight(organizerEvent(scope), couponOf(scope, couponId))

/** The tickets a coupon applies to: those it lists, or every ticket of the event when it lists none. */
export const couponTickets = Effect.fn("events.coupons.tickets")(function*(scope: EventScope, couponId: string) {
  yield* organizerEvent(scope)
  const coupon = yield* couponOf(scope, couponId)
  const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(scope.eventId))
  return coupon.ticketIds.length === 0 ? tickets : tickets.filter((t: EventTicket) => coupon.ticketIds.includes(t.id))
})

export const deleteCoupon = Effect.fn("events.coupons.delete")(function*(scope: EventScope, couponId: string) {
  yield* changeableEvent(scope)
  const outcome = yield* Effect.flatMap(EventCouponRepo, (r) => r.remove(scope.eventId, couponId))
  if (outcome === "missing") return yield* new ResourceNotFound({ resource: "coupon", id: couponId })
  if (outcome === "used") return yield* new CouponInUse({ couponId })
  return { id: couponId, deleted: true }
})

// ---- course and waypoints ----

/** Reads the GPX (400 when the file is not one), derives the course and replaces the event's. */
export const uploadCourse = Effect.fn("events.course.upload")(function*(scope: EventScope, input: { readonly upload: Upload; readonly name?: string | undefined }) {
  yield* changeableEvent(scope)
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(input.upload.bytes)
  } catch {
    return yield* invalid("file must be a GPX document")
  }
  const parsed = parseGpx(text)
  if ("error" in parsed) return yield* invalid(parsed.error)
  const { track } = parsed
  const first = track.points[0]!
  const last = track.points[track.points.length - 1]!
  return yield* Effect.flatMap(EventCourseRepo, (r) =>
    r.upsert({
      eventId: scope.eventId,
      name: input.name ?? track.name ?? (input.upload.fileName.replace(/\.gpx$/i, "").slice(0, 150) || "Course"),
      fileName: input.upload.fileName.replace(/[^\w.\- ]+/g, "_").slice(0, 200),
      pointCount: track.points.length,
      distanceMeters: track.distanceMeters,
      elevationGainMeters: track.elevationGainMeters,
      elevationLossMeters: track.elevationLossMeters,
      minElevationMeters: track.minElevationMeters,
      maxElevationMeters: track.maxElevationMeters,
      startLatitude: first.latitude,
      startLongitude: first.longitude,
      finishLatitude: last.latitude,
      finishLongitude: last.longitude
    }))
})

const courseOf = (scope: EventScope) =>
  Effect.flatMap(EventCourseRepo, (r) => r.find(scope.eventId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new CourseNotFound({ eventId: scope.eventId })), onSome: Effect.succeed }))
  )

export const getCourse = (scope: EventScope) => Effect.zipRight(organizerEvent(scope), courseOf(scope))

export interface WaypointInput {
  readonly name: string
  readonly kind: (typeof EventWaypoints.record.fields.kind)["Type"]
  readonly description?: string | null
  readonly latitude: number
  readonly longitude: number
  readonly distanceFromStartMeters?: number | null
  readonly sortOrder?: number
}

export const listWaypoints = (scope: EventScope, params: ListParams) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventWaypointRepo, (repo) => listIn(EventWaypoints, repo, scope.eventId, params)))

/** The waypoints of an event the public can see (by id or slug); any other event is EVENT_NOT_FOUND. */
export const listPublicWaypoints = (idOrSlug: string, params: ListParams) =>
  Effect.flatMap(publicEvent(idOrSlug), (event) => Effect.flatMap(EventWaypointRepo, (repo) => listIn(EventWaypoints, repo, event.id, params)))

/** Waypoints sit on a course: the event needs one first. */
export const createWaypoint = Effect.fn("events.waypoints.create")(function*(scope: EventScope, input: WaypointInput) {
  yield* changeableEvent(scope)
  yield* courseOf(scope)
  return yield* Effect.flatMap(EventWaypointRepo, (repo) => repo.create({ ...input, eventId: scope.eventId }))
})

export const updateWaypoint = Effect.fn("events.waypoints.update")(function*(scope: EventScope, id: string, patch: Partial<WaypointInput>) {
  yield* changeableEvent(scope)
  const repo = yield* EventWaypointRepo
  yield* findIn(EventWaypoints, repo, scope.eventId, id)
  return yield* Effect.flatMap(repo.update(id, patch), changed(EventWaypoints.resource, id))
})

export const deleteWaypoint = Effect.fn("events.waypoints.delete")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventWaypointRepo
  yield* findIn(EventWaypoints, repo, scope.eventId, id)
  yield* repo.delete(id)
  return { id, deleted: true }
})

// ---- FAQs ----

export const listFaqs = (scope: EventScope, params: ListParams) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventFaqRepo, (repo) => listIn(EventFaqs, repo, scope.eventId, params)))

export const getFaq = (scope: EventScope, id: string) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventFaqRepo, (repo) => findIn(EventFaqs, repo, scope.eventId, id)))

export const createFaq = Effect.fn("events.faqs.create")(function*(scope: EventScope, input: FaqInput) {
  yield* changeableEvent(scope)
  return yield* Effect.flatMap(EventFaqRepo, (repo) => repo.create({ ...input, eventId: scope.eventId }))
})

/** Appends every FAQ or none. */
export const createFaqs = Effect.fn("events.faqs.bulk")(function*(scope: EventScope, inputs: ReadonlyArray<FaqInput>) {
  yield* changeableEvent(scope)
  return yield* Effect.flatMap(EventFaqRepo, (repo) => repo.createMany(inputs.map((i) => ({ ...i, eventId: scope.eventId }))))
})

/** The event's FAQs become exactly `inputs` (an empty list clears them), atomically. */
export const replaceFaqs = Effect.fn("events.faqs.replace")(function*(scope: EventScope, inputs: ReadonlyArray<FaqInput>) {
  yield* changeableEvent(scope)
  return yield* Effect.flatMap(EventFaqRepo, (repo) => repo.replaceAll(scope.eventId, inputs))
})

export const deleteFaq = Effect.fn("events.faqs.delete")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventFaqRepo
  yield* findIn(EventFaqs, repo, scope.eventId, id)
  yield* repo.delete(id)
  return { id, deleted: true }
})

// ---- forms ----

export interface FormFieldInput extends Omit<FormField, "options" | "required"> {
  readonly required?: boolean
  readonly options?: ReadonlyArray<string>
}

/** Keys unique; choice questions list their options, other questions none. */
const formFields = (fields: ReadonlyArray<FormFieldInput>) => {
  const messages: Array<string> = []
  const seen = new Set<string>()
  fields.forEach((f, i) => {
    if (seen.has(f.key)) messages.push(`fields.${i}.key must be unique within the form`)
    seen.add(f.key)
    const options = f.options ?? []
    const choice = f.type === "select" || f.type === "multiselect"
    if (choice && options.length === 0) messages.push(`fields.${i}.options must contain at least 1 elements`)
    if (!choice && options.length > 0) messages.push(`fields.${i}.options must be empty for a ${f.type} question`)
  })
  return messages.length > 0
    ? Either.left(invalid(...messages))
    : Either.right(fields.map((f): FormField => ({ ...f, required: f.required ?? false, options: [...(f.options ?? [])] })))
}

export interface FormInput {
  readonly title: string
  readonly description?: string | null
  readonly fields: ReadonlyArray<FormFieldInput>
}

export const createForm = Effect.fn("events.forms.create")(function*(scope: EventScope, input: FormInput) {
  yield* changeableEvent(scope)
  const fields = yield* formFields(input.fields)
  return yield* Effect.flatMap(EventFormRepo, (r) => r.create({ eventId: scope.eventId, title: input.title, description: input.description ?? null, fields }))
})

export const listForms = Effect.fn("events.forms.list")(function*(scope: EventScope, params: ListParams) {
  const spec = FormListSpec
  yield* organizerEvent(scope)
  const query = yield* Either.match(parseListQuery(spec, params), { onLeft: Effect.fail, onRight: Effect.succeed })
  const page = yield* Effect.flatMap(EventFormRepo, (r) => r.list(scope.eventId, query))
  return listPage(query, page.data.map((f) => selectFields({ name: "form", list: spec, maxBulk: 1 }, query.fields, f)), page.total)
})

const formOf = (scope: EventScope, formId: string) =>
  Effect.flatMap(EventFormRepo, (r) => r.find(scope.eventId, formId)).pipe(Effect.flatMap(changed("form", formId)))

/** The form as it is now, or one of its earlier versions (what answers given under it saw). */
export const getForm = Effect.fn("events.forms.get")(function*(scope: EventScope, formId: string, version?: number) {
  yield* organizerEvent(scope)
  const form = yield* formOf(scope, formId)
  if (version === undefined || version === form.version) return form
  const old = yield* Effect.flatMap(EventFormRepo, (r) => r.version(formId, version))
  if (Option.isNone(old)) return yield* new FormVersionNotFound({ formId, version })
  return { ...form, title: old.value.title, fields: old.value.fields, version: old.value.version, updatedAt: old.value.createdAt }
})

/** PATCH changes the given parts; PUT (`replace`) sets them all. A change of the questions is a new version. */
export const changeForm = Effect.fn("events.forms.change")(function*(scope: EventScope, formId: string, input: Partial<FormInput>, replace: boolean) {
  yield* changeableEvent(scope)
  yield* formOf(scope, formId)
  const fields = input.fields === undefined ? undefined : yield* formFields(input.fields)
  const patch = {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.description !== undefined ? { description: input.description } : replace ? { description: null } : {}),
    ...(fields === undefined ? {} : { fields })
  }
  return yield* Effect.flatMap(EventFormRepo, (r) => r.change(scope.eventId, formId, patch)).pipe(Effect.flatMap(changed("form", formId)))
})

export const toggleForm = Effect.fn("events.forms.toggle")(function*(scope: EventScope, formId: string) {
  yield* changeableEvent(scope)
  return yield* Effect.flatMap(EventFormRepo, (r) => r.toggle(scope.eventId, formId)).pipe(Effect.flatMap(changed("form", formId)))
})

export const deleteForm = Effect.fn("events.forms.delete")(function*(scope: EventScope, formId: string) {
  yield* changeableEvent(scope)
  if (!(yield* Effect.flatMap(EventFormRepo, (r) => r.remove(scope.eventId, formId)))) {
    return yield* new ResourceNotFound({ resource: "form", id: formId })
  }
  return { id: formId, deleted: true }
})

// ---- gallery ----

export const listGallery = (scope: EventScope, params: ListParams) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventGalleryRepo, (repo) => listIn(EventGallery, repo, scope.eventId, params)))

/**
 * What a public event shows in pictures: its gallery in gallery order, each photo with a fresh
 * public media URL (the covers are on the event itself). A gallery holds at most GalleryLimit
 * images, so the summary is one read and never paged.
 */
export const publicPhotoSummary = Effect.fn("events.gallery.photoSummary")(function*(idOrSlug: string) {
  const event = yield* publicEvent(idOrSlug)
  const gallery = yield* Effect.flatMap(EventGalleryRepo, (repo) => listIn(EventGallery, repo, event.id, { limit: GalleryLimit }))
  const photos = yield* Effect.forEach(gallery.data as ReadonlyArray<EventGalleryImage>, (image) =>
    Effect.map(mediaUrl(image, "public"), (url) => ({ id: image.id, caption: image.caption, contentType: image.contentType, sortOrder: image.sortOrder, url })))
  return { eventId: event.id, photoCount: gallery.total, photos }
})

/**
 * Adds an item: a checked image (PNG, JPG or WEBP, 5 MB) stored under an unguessable key, or a
 * video uploaded for this event beforehand (`videoUploadId`), which the item claims in the same
 * unit of work as its insert. At most GalleryLimit items per event.
 */
export const addGalleryImage = Effect.fn("events.gallery.add")(function*(
  scope: EventScope,
  input: { readonly upload: Upload | undefined; readonly videoUploadId?: string | undefined; readonly caption?: string | undefined; readonly sortOrder?: number | undefined }
) {
  yield* changeableEvent(scope)
  if (input.upload === undefined && input.videoUploadId === undefined) return yield* invalid("image should not be empty")
  if (input.upload !== undefined && input.videoUploadId !== undefined) return yield* invalid("image and videoUploadId must not both be given")
  if (input.upload !== undefined) {
    const checked = checkUpload("image", input.upload, ImageRule)
    if ("error" in checked) return yield* invalid(checked.error)
  }
  const repo = yield* EventGalleryRepo
  const page = yield* listIn(EventGallery, repo, scope.eventId, { limit: 1 })
  if (page.total >= GalleryLimit) return yield* new GalleryFull({ limit: GalleryLimit })
  const item = { eventId: scope.eventId, caption: input.caption ?? null, sortOrder: input.sortOrder ?? 0 }
  if (input.videoUploadId !== undefined) {
    const videoUploadId = input.videoUploadId
    return yield* Effect.flatMap(Transactor, (tx) =>
      tx.atomically(Effect.gen(function*() {
        const video = yield* claimVideoUpload(videoUploadId, "event", { eventId: scope.eventId }, `event-gallery:${scope.eventId}`)
        return yield* repo.create({ ...item, key: video.key, contentType: video.contentType, fileName: video.fileName, size: video.size })
      })))
  }
  const file = yield* putUpload("e", "image", input.upload!, ImageRule)
  return yield* repo.create({ ...item, key: file.key, contentType: file.contentType, fileName: file.fileName, size: file.size })
})

/** Removes the item and its blob (a claimed video's upload first, so no upload points at a removed blob). */
export const deleteGalleryImage = Effect.fn("events.gallery.delete")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventGalleryRepo
  const image = yield* findIn(EventGallery, repo, scope.eventId, id)
  yield* repo.delete(id)
  yield* releaseVideoUpload(image.key)
  yield* Effect.flatMap(BlobStore, (b) => b.remove(image.key))
  return { id, deleted: true }
})

/**
 * Uploads a video for one of the organizer's events (not while it is suspended): the event's
 * managers share it, and a gallery item of the same event claims it.
 */
export const uploadEventVideo = Effect.fn("events.videoUploads.upload")(function*(scope: EventScope, userId: string, upload: Upload | undefined) {
  yield* changeableEvent(scope)
  return yield* uploadVideo("event", userId, upload, scope.eventId)
})

/** Removes the event video uploads no gallery item claimed that are older than a day. */
export const cleanupEventVideoUploads = cleanupVideoUploads("event")

// ---- communications ----

/** Values the event supplies to every template. */
export const EventVariables = ["eventTitle", "eventStartsAt", "eventEndsAt", "eventTimezone", "eventCity", "eventVenue", "eventSlug"] as const
/** Values each participant's message supplies (the preview takes them from the request). */
export const ParticipantVariables = ["participantName", "ticketName", "bookingReference"] as const
const KnownVariables: ReadonlySet<string> = new Set([...EventVariables, ...ParticipantVariables])

/** Triggers fired by an action (at that moment) rather than by the event's dates. */
const ActionTriggers: ReadonlySet<EventCommunication["trigger"]> = new Set(["booking_confirmed", "booking_cancelled", "event_updated", "event_cancelled"])

const Subjects: ReadonlySet<EventCommunication["channel"]> = new Set(["EMAIL", "PUSH"])

export interface CommunicationInput {
  readonly trigger: EventCommunication["trigger"]
  readonly channel: EventCommunication["channel"]
  readonly subject?: string | null
  readonly body: string
  readonly offsetMinutes?: number
  readonly isActive?: boolean
}

/** A subject exactly where the channel shows one; only known variables. */
const communicationProblems = (c: Pick<EventCommunication, "channel" | "subject" | "body">) => {
  const unknown = [...new Set([...placeholdersOf(c.body), ...(c.subject === null ? [] : placeholdersOf(c.subject))])]
    .filter((v) => !KnownVariables.has(v))
  return [
    ...(Subjects.has(c.channel) && c.subject === null ? [`subject should not be empty for ${c.channel}`] : []),
    ...(!Subjects.has(c.channel) && c.subject !== null ? [`subject must be empty for ${c.channel}`] : []),
    ...(unknown.length > 0 ? [`body uses unknown variables: ${unknown.join(", ")} (known: ${[...KnownVariables].join(", ")})`] : [])
  ]
}

const withCommunicationCode = <A, E, R>(effect: Effect.Effect<A, E | ResourceConflict, R>, c: Pick<EventCommunication, "trigger" | "channel">) =>
  Effect.catchTag(effect as Effect.Effect<A, ResourceConflict, R>, "ResourceConflict", () =>
    Effect.fail(new CommunicationExists({ trigger: c.trigger, channel: c.channel }))) as Effect.Effect<A, Exclude<E, ResourceConflict> | CommunicationExists, R>

const templateFor = (eventId: string, c: Pick<EventCommunication, "trigger" | "channel">, exceptId?: string) =>
  Effect.flatMap(EventCommunicationRepo, (repo) =>
    listIn(EventCommunications, repo, eventId, { filter: [`trigger||$eq||${c.trigger}`, `channel||$eq||${c.channel}`] }).pipe(
      Effect.map((page) => page.data.some((t) => t.id !== exceptId))
    ))

export const listCommunications = (scope: EventScope, params: ListParams) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventCommunicationRepo, (repo) => listIn(EventCommunications, repo, scope.eventId, params)))

export const getCommunication = (scope: EventScope, id: string) =>
  Effect.zipRight(organizerEvent(scope), Effect.flatMap(EventCommunicationRepo, (repo) => findIn(EventCommunications, repo, scope.eventId, id)))

/** One template per trigger and channel (409 COMMUNICATION_TEMPLATE_EXISTS). */
export const createCommunication = Effect.fn("events.communications.create")(function*(scope: EventScope, input: CommunicationInput) {
  yield* changeableEvent(scope)
  const subject = input.subject ?? null
  const problems = communicationProblems({ channel: input.channel, subject, body: input.body })
  if (problems.length > 0) return yield* invalid(...problems)
  if (yield* templateFor(scope.eventId, input)) return yield* new CommunicationExists({ trigger: input.trigger, channel: input.channel })
  return yield* withCommunicationCode(Effect.flatMap(EventCommunicationRepo, (repo) => repo.create({ ...input, subject, eventId: scope.eventId })), input)
})

export const updateCommunication = Effect.fn("events.communications.update")(function*(scope: EventScope, id: string, patch: Partial<CommunicationInput>) {
  yield* changeableEvent(scope)
  const repo = yield* EventCommunicationRepo
  const current = yield* findIn(EventCommunications, repo, scope.eventId, id)
  const next = { ...current, ...patch, subject: patch.subject === undefined ? current.subject : patch.subject }
  const problems = communicationProblems(next)
  if (problems.length > 0) return yield* invalid(...problems)
  if ((next.trigger !== current.trigger || next.channel !== current.channel) && (yield* templateFor(scope.eventId, next, id))) {
    return yield* new CommunicationExists({ trigger: next.trigger, channel: next.channel })
  }
  return yield* withCommunicationCode(Effect.flatMap(repo.update(id, patch), changed(EventCommunications.resource, id)), next)
})

export const deleteCommunication = Effect.fn("events.communications.delete")(function*(scope: EventScope, id: string) {
  yield* changeableEvent(scope)
  const repo = yield* EventCommunicationRepo
  yield* findIn(EventCommunications, repo, scope.eventId, id)
  yield* repo.delete(id)
  return { id, deleted: true }
})

/** When a template fires: now for an action trigger, else relative to the event's start or end. */
export const firingOf = (template: Pick<EventCommunication, "trigger" | "offsetMinutes">, event: Pick<Event, "startsAt" | "endsAt">, now: Date) => {
  const offset = template.offsetMinutes * 60_000
  switch (template.trigger) {
    case "event_reminder":
      return { firesOn: "schedule" as const, firesAt: new Date(event.startsAt.getTime() - offset) }
    case "event_started":
      return { firesOn: "schedule" as const, firesAt: new Date(event.startsAt.getTime() + offset) }
    case "event_completed":
      return { firesOn: "schedule" as const, firesAt: new Date(event.endsAt.getTime() + offset) }
    default:
      return { firesOn: ActionTriggers.has(template.trigger) ? "action" as const : "schedule" as const, firesAt: now }
  }
}

const wallClock = (at: Date, zone: string) => `${wallClockOf(at, zone).replace("T", " ").slice(0, 16)} (${zone})`

/**
 * The template rendered by the notifications renderer with the event's values and the
 * participant's sample values from the request (a variable the template uses and nobody gives is
 * the renderer's 400 TEMPLATE_VARIABLES_MISSING), and the moment it would fire.
 */
export const previewCommunication = Effect.fn("events.communications.preview")(function*(
  scope: EventScope,
  id: string,
  sample: Readonly<Record<string, string>>
) {
  const event = yield* organizerEvent(scope)
  const template = yield* Effect.flatMap(EventCommunicationRepo, (repo) => findIn(EventCommunications, repo, scope.eventId, id))
  const eventValues: Record<(typeof EventVariables)[number], string> = {
    eventTitle: event.title,
    eventStartsAt: wallClock(event.startsAt, event.timezone),
    eventEndsAt: wallClock(event.endsAt, event.timezone),
    eventTimezone: event.timezone,
    eventCity: event.city,
    eventVenue: event.venue ?? event.city,
    eventSlug: event.slug
  }
  const participantValues = Object.fromEntries(Object.entries(sample).filter(([k]) => (ParticipantVariables as ReadonlyArray<string>).includes(k)))
  const rendered = yield* Either.match(
    renderTemplate({ key: `event:${template.trigger}:${template.channel}`, subject: template.subject, body: template.body, variables: [] }, {
      ...participantValues,
      ...eventValues
    }),
    { onLeft: Effect.fail, onRight: Effect.succeed }
  )
  const now = new Date(yield* Clock.currentTimeMillis)
  return {
    templateId: template.id,
    trigger: template.trigger,
    channel: template.channel,
    subject: rendered.subject,
    body: rendered.body,
    ...firingOf(template, event, now)
  }
})
