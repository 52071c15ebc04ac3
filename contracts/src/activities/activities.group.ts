/**
 * C "Athlete": activities, appeals, tracking preferences, preferred sports, gear and gear types,
 * live tracking. Athletes (role user) act on their own records; user-scoped paths
 * (`/v2/users/{userId}/…`) take the caller's id or `me`, and admins holding `activities.review`
 * may read and edit any athlete's through them.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import {
  Activity,
  ActivityAppeal,
  ActivityDetail,
  ActivityVisibility,
  AntiCheatFlag,
  Body,
  DateTimeText,
  EmailAddress,
  Form,
  Gear,
  GearType,
  inputOf,
  IntBetween,
  IntFromText,
  LiveShare,
  LiveShareRecipient,
  NumberField,
  OneOf,
  Optional,
  PhoneNumber,
  PublicActivity,
  Query,
  says,
  Sport,
  StrLength,
  TrackingPreferences,
  UuidStr
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, AdminsNeed, Authenticated, crudEndpoints, DeleteResult, op, Requires, Role } from "../common/index.js"

export const OffsetPage = {
  limit: Optional(IntFromText(1, 100)),
  offset: Optional(IntFromText(0, 1_000_000))
}
export const OffsetPageOf = <S extends Schema.Schema.Any>(item: S) =>
  Schema.Struct({ items: Schema.Array(item), total: Schema.Number, limit: Schema.Number, offset: Schema.Number })

const IdPath = Schema.Struct({ id: UuidStr })
const UserPath = Schema.Struct({ userId: StrLength(1, 64) })
const Athlete = Role("user")

/**
 * An activity entered by hand (JSON or form fields: startedAt, durationSeconds and distanceMeters)
 * or uploaded as a GPX, TCX or FIT `file` (multipart/form-data, at most 10 MB) whose track gives the numbers.
 */
export const CreateActivityForm = HttpApiSchema.Multipart(
  Form({
    sport: Optional(Sport),
    title: Optional(Activity.fields.title),
    description: Optional(StrLength(0, 2000)),
    visibility: Optional(ActivityVisibility),
    gearId: Optional(UuidStr),
    startedAt: Optional(DateTimeText),
    durationSeconds: Optional(NumberField(1, 604_800, true)),
    distanceMeters: Optional(NumberField(0, 1_000_000)),
    elevationGainMeters: Optional(NumberField(0, 100_000)),
    file: Optional(Multipart.SingleFileSchema.annotations(says("must be a single GPX, TCX or FIT file")))
  }),
  { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(12), maxFieldSize: 16 * 1024 }
)

export const UpdateActivityBody = Body({
  ...inputOf(Activity, {
    required: [],
    optional: ["sport", "title", "description", "visibility", "gearId", "durationSeconds", "distanceMeters", "elevationGainMeters"]
  }).fields,
  startedAt: Optional(DateTimeText)
})

export const ActivitiesQuery = Query({ ...OffsetPage, sport: Optional(Sport) })

export class ActivitiesGroup extends HttpApiGroup.make("activities")
  .add(op.get("listActivities", "/v2/activities", { query: ActivitiesQuery, ok: OffsetPageOf(Activity), summary: "The caller's activities, newest first (limit, offset, sport)" }).middleware(Authenticated).annotate(Requires, Athlete))
  .add(op.post("createActivity", "/v2/activities", { body: CreateActivityForm, ok: ActivityDetail, status: 201, summary: "Log an activity by hand or upload a GPX, TCX or FIT file (parsed in the request); 409 ACTIVITY_OVERLAPS when it overlaps another of the athlete's" }).middleware(Authenticated).annotate(Requires, Athlete).annotate(OpenApi.Description, "JSON or multipart/form-data. With a GPX, TCX or FIT `file` (recognised by its content): distance (the device's recorded distance when the file has one, else haversine), duration, pace, elevation gain and the timed points come from the track; any other file is 400 \"file must be a GPX, TCX or FIT file\". Without: startedAt, durationSeconds and distanceMeters are required. The anti-cheat rules in force check it at once (see /v2/anti-cheat/my-flags)."))
  .add(op.get("getActivity", "/v2/activities/:id", { path: IdPath, ok: ActivityDetail, summary: "One of the caller's activities with its track" }).middleware(Authenticated).annotate(Requires, Athlete))
  .add(op.patch("updateActivity", "/v2/activities/:id", { path: IdPath, body: UpdateActivityBody, ok: Activity, summary: "Edit an activity: only the fields present are written, each change audited; a recorded track's time and distance are fixed" }).middleware(Authenticated).annotate(Requires, Athlete))
  .add(op.del("deleteActivity", "/v2/activities/:id", { path: IdPath, ok: DeleteResult, summary: "Delete an activity (its audit stays)" }).middleware(Authenticated).annotate(Requires, Athlete))
  .add(op.get("getPublicActivity", "/v2/activities/:id/public", { path: IdPath, ok: PublicActivity, summary: "A public activity as anyone sees it: the track's start and end hidden within the athlete's privacy radius" }))
  .annotate(OpenApi.Title, "Athlete / Activities")
  .annotate(OpenApi.Description, "Log, upload (GPX, TCX, FIT), read, edit and delete activities; the public view honours the privacy radius")
{}

export const AppealBody = Body({ reason: ActivityAppeal.fields.reason })

export const ReviewState = Schema.Struct({
  activityId: Schema.String,
  eligible: Schema.Boolean,
  state: OneOf("clear", "flagged", "under_appeal", "confirmed", "restored"),
  flags: Schema.Array(AntiCheatFlag),
  appeals: Schema.Array(ActivityAppeal)
}).annotations({ identifier: "ActivityReviewState" })

export const AppealsQuery = Query({ ...OffsetPage, status: Optional(OneOf("PENDING", "UPHELD", "REJECTED")) })

export class ActivityAppealsGroup extends HttpApiGroup.make("activityAppeals")
  .add(op.post("appealActivity", "/v2/users/:userId/activities/:activityId/appeal", { path: Schema.Struct({ userId: UserPath.fields.userId, activityId: UuidStr }), body: AppealBody, ok: ActivityAppeal, status: 201, summary: "Appeal the activity's anti-cheat flag (once per flag: 409 APPEAL_ALREADY_SUBMITTED; 409 NOTHING_TO_APPEAL without one)" }).annotate(Requires, Athlete))
  .add(op.get("activityReviewState", "/v2/users/:userId/activities/:activityId/review-state", { path: Schema.Struct({ userId: UserPath.fields.userId, activityId: UuidStr }), ok: ReviewState, summary: "Whether the activity counts, and its flags and appeals" }))
  .add(op.get("userActivityAppeals", "/v2/users/:userId/activity-appeals", { path: UserPath, query: AppealsQuery, ok: OffsetPageOf(ActivityAppeal), summary: "The athlete's appeals, newest first" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminsNeed("activities.review"))
  .annotate(OpenApi.Title, "Athlete / Appeals")
  .annotate(OpenApi.Description, "Appeal an anti-cheat flag on an activity and follow its review")
{}

export const PreferencesPatch = inputOf(TrackingPreferences, {
  required: [],
  optional: ["defaultSport", "defaultVisibility", "privacyRadiusMeters", "autoPause", "gpsIntervalSeconds"]
})

export class TrackingPreferencesGroup extends HttpApiGroup.make("trackingPreferences")
  .add(op.get("myTrackingPreferences", "/v2/me/activity-tracking-preferences", { ok: TrackingPreferences, summary: "The caller's tracking preferences (defaults until first written)" }).annotate(Requires, Athlete))
  .add(op.patch("updateMyTrackingPreferences", "/v2/me/activity-tracking-preferences", { body: PreferencesPatch, ok: TrackingPreferences, summary: "Change tracking preferences: only the fields present are written" }).annotate(Requires, Athlete))
  .add(op.get("userTrackingPreferences", "/v2/users/:userId/activities/tracking-preferences", { path: UserPath, ok: TrackingPreferences, summary: "An athlete's tracking preferences (the athlete, or an admin with activities.review)" }))
  .add(op.patch("updateUserTrackingPreferences", "/v2/users/:userId/activities/tracking-preferences", { path: UserPath, body: PreferencesPatch, ok: TrackingPreferences, summary: "Change an athlete's tracking preferences: only the fields present are written" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminsNeed("activities.review"))
  .annotate(OpenApi.Title, "Athlete / Tracking preferences")
  .annotate(OpenApi.Description, "Default sport and visibility, privacy radius, auto-pause, GPS interval")
{}

export const PreferredSport = Schema.Struct({ sport: Sport, activityCount: Schema.Number, distanceMeters: Schema.Number, isDefault: Schema.Boolean })
  .annotations({ identifier: "PreferredSport" })

export class PreferredSportsGroup extends HttpApiGroup.make("preferredSports")
  .add(op.get("myPreferredSports", "/v2/users/me/preferred-sports", { ok: Schema.Array(PreferredSport), summary: "The caller's sports, most practised first; the default sport is always listed" }))
  .middleware(Authenticated)
  .annotate(Requires, Athlete)
  .annotate(OpenApi.Title, "Athlete / Preferred sports")
  .annotate(OpenApi.Description, "Sports read from the athlete's activities and preferences")
{}

const gearWritable = ["gearTypeId", "brand", "model", "initialDistanceMeters", "maxDistanceMeters", "retired"] as const
export const CreateGearBody = inputOf(Gear, { required: ["name"], optional: gearWritable })
export const UpdateGearBody = inputOf(Gear, { required: [], optional: ["name", ...gearWritable] })

export class GearsGroup extends HttpApiGroup.make("gears")
  .add(op.get("listGears", "/v2/gears", { ok: Schema.Array(Gear), summary: "The caller's gear, in use first; distance includes every activity that names it" }))
  .add(op.post("createGear", "/v2/gears", { body: CreateGearBody, ok: Gear, status: 201, summary: "Add a piece of gear" }))
  .add(op.get("getGear", "/v2/gears/:id", { path: IdPath, ok: Gear, summary: "One piece of the caller's gear" }))
  .add(op.patch("updateGear", "/v2/gears/:id", { path: IdPath, body: UpdateGearBody, ok: Gear, summary: "Change gear: only the fields present are written" }))
  .add(op.del("deleteGear", "/v2/gears/:id", { path: IdPath, ok: DeleteResult, summary: "Delete gear; its activities keep their numbers" }))
  .middleware(Authenticated)
  .annotate(Requires, Athlete)
  .annotate(OpenApi.Title, "Athlete / Gears")
  .annotate(OpenApi.Description, "Shoes, bikes and other gear, with the distance they have done")
{}

const gearTypes = crudEndpoints({
  name: "GearType",
  path: "/v2/gear-types",
  item: GearType,
  create: inputOf(GearType, { required: ["name"], optional: ["description", "isActive"] }),
  update: inputOf(GearType, { required: [], optional: ["name", "description", "isActive"] }),
  maxBulk: 100
})
const catalog = AdminPermission("activities.catalog")

export class GearTypesGroup extends HttpApiGroup.make("gearTypes")
  .add(gearTypes.getMany.annotate(OpenApi.Summary, "List gear types (public; generic list query)"))
  .add(gearTypes.getOne.annotate(OpenApi.Summary, "Read a gear type (public)"))
  .add(gearTypes.createOne.middleware(Authenticated).annotate(Requires, catalog).annotate(OpenApi.Summary, "Create a gear type; names are unique (409 GEAR_TYPE_EXISTS)"))
  .add(gearTypes.updateOne.middleware(Authenticated).annotate(Requires, catalog).annotate(OpenApi.Summary, "Change a gear type"))
  .add(gearTypes.deleteOne.middleware(Authenticated).annotate(Requires, catalog).annotate(OpenApi.Summary, "Delete a gear type"))
  .annotate(OpenApi.Title, "Athlete / Gear types")
  .annotate(OpenApi.Description, "Kinds of gear: public reads, admin writes (activities.catalog)")
{}

export const LiveShareRecipientInput = Schema.Struct({
  name: Optional(StrLength(1, 100)),
  phone: Optional(PhoneNumber),
  email: Optional(EmailAddress)
})

export const CreateLiveShareBody = Body({
  activityId: Optional(UuidStr),
  durationMinutes: Optional(IntBetween(5, 1440)),
  recipients: Schema.Array(LiveShareRecipientInput).pipe(
    Schema.filter((a) => a.length >= 1 && a.length <= 5),
    Schema.annotations(says("must contain between 1 and 5 recipients"))
  )
})

export const CreatedLiveShare = Schema.Struct({
  ...LiveShare.fields,
  /** Each recipient's access token appears here once; only its hash is kept. */
  recipients: Schema.Array(Schema.Struct({ ...LiveShareRecipient.fields, accessToken: Schema.String }))
}).annotations({ identifier: "CreatedLiveTrackingShare" })

export const ActiveLiveShare = Schema.Struct({ ...LiveShare.fields, recipients: Schema.Array(LiveShareRecipient) })
  .annotations({ identifier: "ActiveLiveTrackingShare" })

const SharePath = Schema.Struct({ shareId: UuidStr })

export class LiveTrackingGroup extends HttpApiGroup.make("liveTracking")
  .add(op.post("createLiveShare", "/v2/me/live-tracking-shares", { body: CreateLiveShareBody, ok: CreatedLiveShare, status: 201, summary: "Share the live position with 1–5 recipients; at most 3 active shares (409 LIVE_SHARE_LIMIT_REACHED) and 20 invites per 24 hours (429 LIVE_SHARE_INVITE_LIMIT)" }))
  .add(op.post("cancelLiveShare", "/v2/me/live-tracking-shares/:shareId/cancel", { path: SharePath, ok: LiveShare, status: 201, summary: "ACTIVE → CANCELLED; every recipient token is revoked in the same transaction (409 LIVE_SHARE_NOT_ACTIVE)" }))
  .add(op.get("liveShareRecipients", "/v2/me/live-tracking-shares/:shareId/recipients", { path: SharePath, ok: Schema.Array(LiveShareRecipient), summary: "A share's recipients (access-token hashes never listed)" }))
  .add(op.get("activeLiveShares", "/v2/me/live-tracking-shares/active", { ok: Schema.Array(ActiveLiveShare), summary: "The caller's active shares with their recipients" }))
  .middleware(Authenticated)
  .annotate(Requires, Athlete)
  .annotate(OpenApi.Title, "Athlete / Live tracking")
  .annotate(OpenApi.Description, "Share a live position with trusted recipients")
{}
