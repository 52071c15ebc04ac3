/**
 * An event's configuration (C "Events / Event configuration"): add-ons, coupons, course with GPX
 * upload and waypoints, FAQs, forms, gallery and communications, all under
 * `/v2/organizers/events/{eventId}`. The organizer is the one `x-organizer-id` names (or the
 * caller's own); OWNER and ADMIN write, VIEWER also reads. An event of another organizer answers
 * 404 like a missing one. Records and bodies come from the kernel records (`inputOf`); lists take
 * the generic list query and answer `data` with paging fields beside it.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Body,
  CommunicationChannel,
  CommunicationTrigger,
  EventAddOn,
  EventCommunication,
  EventCoupon,
  EventCourse,
  EventFaq,
  EventForm,
  EventGalleryImage,
  EventTicket,
  EventWaypoint,
  Form,
  FormField,
  Instant,
  IntFromText,
  inputOf,
  Optional,
  Query,
  says,
  StrLength,
  UuidStr,
  VideoCleanup,
  VideoUploadView
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, BulkBody, DeleteResult, GetMany, ListQueryParams, op, OrganizerManagers, OrganizerReaders, Requires } from "../common/index.js"
import { FileField } from "./organizer.dto.js"

const EventPath = Schema.Struct({ eventId: UuidStr })
const AddOnPath = Schema.Struct({ eventId: UuidStr, addOnId: UuidStr })
const CouponPath = Schema.Struct({ eventId: UuidStr, couponId: UuidStr })
const WaypointPath = Schema.Struct({ eventId: UuidStr, waypointId: UuidStr })
const FaqPath = Schema.Struct({ eventId: UuidStr, faqId: UuidStr })
const FormPath = Schema.Struct({ eventId: UuidStr, formId: UuidStr })
const ImagePath = Schema.Struct({ eventId: UuidStr, imageId: UuidStr })
const TemplatePath = Schema.Struct({ eventId: UuidStr, templateId: UuidStr })

const Base = "/v2/organizers/events/:eventId"

/** An ISO-8601 date-time; without an offset it is read on the event's wall clock. */
const DateTimeText = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(s)),
  Schema.annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", example: "2026-03-01T06:00:00" } })
)

const NullableDateTimeText = Schema.NullOr(DateTimeText).annotations(says("must be a valid ISO 8601 date string"))

// ---- add-ons ----

const addOnWritable = ["description", "currency", "maxPerBooking", "isActive"] as const
export const CreateAddOnBody = inputOf(EventAddOn, { required: ["name", "price", "stock"], optional: addOnWritable })
export const UpdateAddOnBody = inputOf(EventAddOn, { required: [], optional: ["name", "price", "stock", ...addOnWritable] })

export class EventAddOnsGroup extends HttpApiGroup.make("eventAddOns")
  .add(op.get("listEventAddOns", `${Base}/add-ons`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventAddOn)), summary: "List the event's add-ons (generic list query)" }).middleware(OrganizerReaders))
  .add(op.post("createEventAddOn", `${Base}/add-ons`, { path: EventPath, body: CreateAddOnBody, ok: EventAddOn, status: 201, summary: "Create an add-on with its price (minor units) and stock" }).middleware(OrganizerManagers))
  .add(op.get("getEventAddOn", `${Base}/add-ons/:addOnId`, { path: AddOnPath, ok: EventAddOn, summary: "Read an add-on with its stock and units sold" }).middleware(OrganizerReaders))
  .add(op.patch("updateEventAddOn", `${Base}/add-ons/:addOnId`, { path: AddOnPath, body: UpdateAddOnBody, ok: EventAddOn, summary: "Change an add-on; stock never below the units sold (400)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEventAddOn", `${Base}/add-ons/:addOnId/toggle-status`, { path: AddOnPath, ok: EventAddOn, summary: "Switch an add-on on or off for new bookings" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventAddOn", `${Base}/add-ons/:addOnId`, { path: AddOnPath, ok: DeleteResult, summary: "Delete an add-on nobody bought (409 ADD_ON_SOLD otherwise)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: add-ons")
{}

// ---- coupons ----

export const CreateCouponBody = Body({
  ...inputOf(EventCoupon, {
    required: ["code", "discountType", "discountValue"],
    optional: ["description", "currency", "maxUses", "maxUsesPerUser", "ticketIds"]
  }).fields,
  validFrom: Optional(NullableDateTimeText),
  validUntil: Optional(NullableDateTimeText)
})

export class EventCouponsGroup extends HttpApiGroup.make("eventCoupons")
  .add(op.get("listEventCoupons", `${Base}/coupons`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventCoupon)), summary: "List the event's coupons with their usage (generic list query)" }).middleware(OrganizerReaders))
  .add(op.post("createEventCoupon", `${Base}/coupons`, { path: EventPath, body: CreateCouponBody, ok: EventCoupon, status: 201, summary: "Create a coupon: percent (1-100) or fixed (minor units), usage caps, tickets it applies to (none: all), validity window; codes unique per event (409 COUPON_CODE_EXISTS)" }).middleware(OrganizerManagers))
  .add(op.get("getEventCoupon", `${Base}/coupons/:couponId`, { path: CouponPath, ok: EventCoupon, summary: "Read a coupon with its usage" }).middleware(OrganizerReaders))
  .add(op.get("listEventCouponTickets", `${Base}/coupons/:couponId/tickets`, { path: CouponPath, ok: Schema.Array(EventTicket), summary: "The tickets the coupon applies to" }).middleware(OrganizerReaders))
  .add(op.del("deleteEventCoupon", `${Base}/coupons/:couponId`, { path: CouponPath, ok: DeleteResult, summary: "Delete a coupon never redeemed (409 COUPON_IN_USE otherwise)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: coupons")
{}

// ---- course and waypoints ----

export const CourseUploadForm = HttpApiSchema.Multipart(
  Form({ file: FileField, name: Optional(StrLength(1, 150)) }),
  { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 16 * 1024 }
)

const waypointOptional = ["description", "distanceFromStartMeters", "sortOrder"] as const
export const CreateWaypointBody = inputOf(EventWaypoint, { required: ["name", "kind", "latitude", "longitude"], optional: waypointOptional })
export const UpdateWaypointBody = inputOf(EventWaypoint, { required: [], optional: ["name", "kind", "latitude", "longitude", ...waypointOptional] })

export class EventCourseGroup extends HttpApiGroup.make("eventCourse")
  .add(op.get("getEventCourse", `${Base}/course`, { path: EventPath, ok: EventCourse, summary: "The event's course: distance, elevation gain and loss, start and finish (404 COURSE_NOT_FOUND before an upload)" }).middleware(OrganizerReaders))
  .add(op.post("uploadEventCourse", `${Base}/course`, { path: EventPath, body: CourseUploadForm, ok: EventCourse, status: 201, summary: "Upload the course as a GPX file (field file): parsed, distance by haversine and elevation gain derived; replaces the previous course; a non-GPX file is 400" }).middleware(OrganizerManagers))
  .add(op.get("listEventWaypoints", `${Base}/course/waypoints`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventWaypoint)), summary: "List the course's waypoints" }).middleware(OrganizerReaders))
  .add(op.post("createEventWaypoint", `${Base}/course/waypoints`, { path: EventPath, body: CreateWaypointBody, ok: EventWaypoint, status: 201, summary: "Add a waypoint (aid station, checkpoint…) to the course" }).middleware(OrganizerManagers))
  .add(op.patch("updateEventWaypoint", `${Base}/course/waypoints/:waypointId`, { path: WaypointPath, body: UpdateWaypointBody, ok: EventWaypoint, summary: "Change a waypoint" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventWaypoint", `${Base}/course/waypoints/:waypointId`, { path: WaypointPath, ok: DeleteResult, summary: "Delete a waypoint" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: courses")
{}

// ---- FAQs ----

export const CreateFaqBody = inputOf(EventFaq, { required: ["question", "answer"], optional: ["sortOrder"] })
export const ReplaceFaqsBody = Body({
  faqs: Schema.Array(CreateFaqBody).pipe(
    Schema.filter((items) => items.length <= 100 || "must contain no more than 100 elements"),
    Schema.annotations({ jsonSchema: { type: "array", maxItems: 100 } })
  )
})

export class EventFaqsGroup extends HttpApiGroup.make("eventFaqs")
  .add(op.post("createEventFaqs", `${Base}/faqs/bulk`, { path: EventPath, body: BulkBody(CreateFaqBody, 100), ok: Schema.Array(EventFaq), status: 201, summary: "Add up to 100 FAQs at once (all or none)" }).middleware(OrganizerManagers))
  .add(op.get("listEventFaqs", `${Base}/faqs`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventFaq)), summary: "List the event's FAQs in order" }).middleware(OrganizerReaders))
  .add(op.post("createEventFaq", `${Base}/faqs`, { path: EventPath, body: CreateFaqBody, ok: EventFaq, status: 201, summary: "Add an FAQ" }).middleware(OrganizerManagers))
  .add(op.put("replaceEventFaqs", `${Base}/faqs`, { path: EventPath, body: ReplaceFaqsBody, ok: Schema.Array(EventFaq), summary: "Replace every FAQ of the event with the given list (at most 100; empty clears), atomically" }).middleware(OrganizerManagers))
  .add(op.get("getEventFaq", `${Base}/faqs/:faqId`, { path: FaqPath, ok: EventFaq, summary: "Read an FAQ" }).middleware(OrganizerReaders))
  .add(op.del("deleteEventFaq", `${Base}/faqs/:faqId`, { path: FaqPath, ok: DeleteResult, summary: "Delete an FAQ" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: FAQs")
{}

// ---- forms ----

export const FormFieldBody = Body({
  key: FormField.fields.key,
  label: FormField.fields.label,
  type: FormField.fields.type,
  required: Optional(FormField.fields.required),
  options: Optional(FormField.fields.options)
})
const FormFields = Schema.Array(FormFieldBody).pipe(
  Schema.filter((items) => (items.length >= 1 && items.length <= 100) || "must contain between 1 and 100 elements"),
  Schema.annotations({ jsonSchema: { type: "array", minItems: 1, maxItems: 100 } })
)
export const CreateFormBody = Body({
  title: EventForm.fields.title,
  description: Optional(EventForm.fields.description),
  fields: FormFields
})
export const UpdateFormBody = Body({
  title: Optional(EventForm.fields.title),
  description: Optional(EventForm.fields.description),
  fields: Optional(FormFields)
})
const FormVersionQuery = Query({ version: Optional(IntFromText(1, 1_000_000)) })

export class EventFormsGroup extends HttpApiGroup.make("eventForms")
  .add(op.get("listEventForms", `${Base}/forms`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventForm)), summary: "List the event's forms (current versions)" }).middleware(OrganizerReaders))
  .add(op.post("createEventForm", `${Base}/forms`, { path: EventPath, body: CreateFormBody, ok: EventForm, status: 201, summary: "Create a registration form (version 1)" }).middleware(OrganizerManagers))
  .add(op.get("getEventForm", `${Base}/forms/:formId`, { path: FormPath, query: FormVersionQuery, ok: EventForm, summary: "Read a form as it is now, or an earlier version with ?version=N (what answers given under it saw)" }).middleware(OrganizerReaders))
  .add(op.patch("updateEventForm", `${Base}/forms/:formId`, { path: FormPath, body: UpdateFormBody, ok: EventForm, summary: "Change a form; a change of its title or questions makes a new version, earlier answers keep theirs" }).middleware(OrganizerManagers))
  .add(op.put("replaceEventForm", `${Base}/forms/:formId`, { path: FormPath, body: CreateFormBody, ok: EventForm, summary: "Replace a form's title, description and questions (a new version when they differ)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleEventForm", `${Base}/forms/:formId/toggle-status`, { path: FormPath, ok: EventForm, summary: "Switch a form on or off" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventForm", `${Base}/forms/:formId`, { path: FormPath, ok: DeleteResult, summary: "Delete a form (its versions stay for the answers given under them)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: forms")
{}

// ---- gallery ----

/** A gallery image with a short-lived public URL to show it. */
export const EventGalleryImageView = Schema.Struct({ ...EventGalleryImage.fields, url: Schema.String }).annotations({ identifier: "EventGalleryImageView" })

// An item is either an image uploaded here (`image`) or an event video uploaded beforehand through
// /v2/events/video-uploads for this event (`videoUploadId`), which the item claims; exactly one.
export const GalleryUploadForm = HttpApiSchema.Multipart(
  Form({ image: Optional(FileField), videoUploadId: Optional(UuidStr), caption: Optional(StrLength(0, 300)), sortOrder: Optional(IntFromText(0, 10_000)) }),
  { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 16 * 1024 }
)

export class EventGalleryGroup extends HttpApiGroup.make("eventGallery")
  .add(op.get("listEventGallery", `${Base}/gallery`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventGalleryImageView)), summary: "List the gallery's images with URLs" }).middleware(OrganizerReaders))
  .add(op.post("addEventGalleryImage", `${Base}/gallery`, { path: EventPath, body: GalleryUploadForm, ok: EventGalleryImageView, status: 201, summary: "Add an image (field image: PNG, JPG or WEBP, 5 MB) or a video uploaded for this event (field videoUploadId, claimed by the item: 404 VIDEO_UPLOAD_NOT_FOUND, 409 VIDEO_UPLOAD_ALREADY_CLAIMED); at most 50 per event, 409 GALLERY_FULL" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventGalleryImage", `${Base}/gallery/:imageId`, { path: ImagePath, ok: DeleteResult, summary: "Delete an image and its file" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Event configuration: gallery")
{}

// ---- video uploads ----

// One file of at most 50 MB is accepted (checked by its bytes); the parser stops a little above that.
export const EventVideoForm = HttpApiSchema.Multipart(
  Form({ eventId: UuidStr, file: Optional(FileField) }),
  { maxFileSize: Option.some(60 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 64 * 1024 }
)

/**
 * Event video uploads (C "Events" video-uploads; the spec leaves the caller unknown): the OWNER or
 * ADMIN of the organizer whose event `eventId` names uploads a short video for that event, which a
 * gallery item of the same event claims later; admins with events.manage remove unclaimed uploads
 * older than a day.
 */
export class EventVideoUploadsGroup extends HttpApiGroup.make("eventVideoUploads")
  .add(op.post("uploadEventVideo", "/v2/events/video-uploads", { body: EventVideoForm, ok: VideoUploadView, status: 201, summary: "Upload a video for one of the organizer's events (multipart eventId, file: MP4, MOV or WEBM, 50 MB); a gallery item added with its id claims it, unclaimed uploads are removed after a day" }).middleware(OrganizerManagers))
  .add(op.post("cleanupEventVideos", "/v2/events/video-uploads/cleanup", { ok: VideoCleanup, summary: "Remove event video uploads no gallery item claimed that are older than a day (rows, then their blobs): the count removed and the cut-off" }).middleware(Authenticated).annotate(Requires, AdminPermission("events.manage")))
  .annotate(OpenApi.Title, "Events / Video uploads")
{}

// ---- communications ----

export const CreateCommunicationBody = inputOf(EventCommunication, { required: ["trigger", "channel", "body"], optional: ["subject", "offsetMinutes", "isActive"] })
export const UpdateCommunicationBody = inputOf(EventCommunication, { required: [], optional: ["trigger", "channel", "body", "subject", "offsetMinutes", "isActive"] })
export const PreviewCommunicationBody = Body({
  variables: Optional(Schema.Record({ key: Schema.String, value: Schema.String }).annotations(says("must be an object of text values")))
})
export const CommunicationPreview = Schema.Struct({
  templateId: UuidStr,
  trigger: CommunicationTrigger,
  channel: CommunicationChannel,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  /** `action`: fires when the action happens (shown as the moment of the preview); `schedule`: at `firesAt`. */
  firesOn: Schema.Literal("action", "schedule"),
  firesAt: Instant
}).annotations({ identifier: "CommunicationPreview" })

export class EventCommunicationsGroup extends HttpApiGroup.make("eventCommunications")
  .add(op.get("listEventCommunications", `${Base}/communications`, { path: EventPath, query: ListQueryParams, ok: GetMany(Schema.partial(EventCommunication)), summary: "List the event's message templates per trigger and channel" }).middleware(OrganizerReaders))
  .add(op.post("createEventCommunication", `${Base}/communications`, { path: EventPath, body: CreateCommunicationBody, ok: EventCommunication, status: 201, summary: "Create the template of one trigger and channel ({{variable}} placeholders; 409 COMMUNICATION_TEMPLATE_EXISTS)" }).middleware(OrganizerManagers))
  .add(op.get("getEventCommunication", `${Base}/communications/:templateId`, { path: TemplatePath, ok: EventCommunication, summary: "Read a template" }).middleware(OrganizerReaders))
  .add(op.patch("updateEventCommunication", `${Base}/communications/:templateId`, { path: TemplatePath, body: UpdateCommunicationBody, ok: EventCommunication, summary: "Change a template" }).middleware(OrganizerManagers))
  .add(op.del("deleteEventCommunication", `${Base}/communications/:templateId`, { path: TemplatePath, ok: DeleteResult, summary: "Delete a template" }).middleware(OrganizerManagers))
  .add(op.post("previewEventCommunication", `${Base}/communications/:templateId/preview`, { path: TemplatePath, body: PreviewCommunicationBody, ok: CommunicationPreview, summary: "Render the template with the event's values and sample participant values; answers the substituted output and the moment it would fire" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Event configuration: communications")
{}
