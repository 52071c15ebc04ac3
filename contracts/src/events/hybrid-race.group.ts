/**
 * C "Hybrid race (user)": the athlete's own attempt at a public hybrid race — start, checkpoints and
 * skips strictly in course order, finish, submit. A step out of order answers 409
 * `HYBRID_RACE_OUT_OF_ORDER`.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import {
  Body,
  Form,
  HybridLivePosition,
  HybridPhotoCheck,
  HybridRaceAttempt,
  HybridRaceCheckpoint,
  HybridRaceFlag,
  HybridRaceResult,
  HybridRaceStatus,
  Instant,
  IntBetween,
  IntFromText,
  inputOf,
  Latitude,
  Longitude,
  Optional,
  Query,
  says,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

const EventIdPath = Schema.Struct({ eventId: Schema.String })
const ResultIdPath = Schema.Struct({ resultId: UuidStr })

/** Where the athlete is and how far along the course (metres, as their device measured it). */
export const LivePositionBody = Body({ latitude: Latitude, longitude: Longitude, distanceMeters: IntBetween(0, 1_000_000) })
export const NearPaceQuery = Query({ count: Optional(IntFromText(1, 10)) })

export const NearPaceAthlete = Schema.Struct({
  athleteId: Schema.String,
  athleteName: Schema.String,
  distanceMeters: Schema.Number,
  elapsedSeconds: Schema.Number,
  paceSecondsPerKm: Schema.Number,
  /** Their pace minus the caller's: negative is faster. */
  paceDeltaSecondsPerKm: Schema.Number,
  recordedAt: Schema.String
}).annotations({ identifier: "HybridNearPaceAthlete" })

export const NearPaceView = Schema.Struct({
  eventId: Schema.String,
  count: Schema.Number,
  me: HybridLivePosition,
  /** Faster first; other athletes' coordinates are never shown. */
  athletes: Schema.Array(NearPaceAthlete)
}).annotations({ identifier: "HybridNearPace" })

export const HybridLeaderboardView = Schema.Struct({
  eventId: Schema.String,
  items: Schema.Array(HybridRaceResult),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number
}).annotations({ identifier: "HybridRaceLeaderboard" })

export const HybridWeekResultsView = Schema.Struct({
  weekStartsAt: Instant,
  items: Schema.Array(HybridRaceResult),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number
}).annotations({ identifier: "HybridRaceWeekResults" })

/** A result's certificate: what it states, and the code and path anyone verifies it with. */
export const HybridCertificateView = Schema.Struct({
  resultId: UuidStr,
  eventId: UuidStr,
  eventTitle: Schema.String,
  eventDate: Schema.String,
  athleteName: Schema.String,
  elapsedSeconds: Schema.Number,
  finishTime: Schema.String,
  rank: Schema.Number,
  finishers: Schema.Number,
  issuedAt: Instant,
  code: Schema.String,
  verificationUrl: Schema.String
}).annotations({ identifier: "HybridRaceCertificate" })

export const HybridFlaggedResult = Schema.Struct({
  resultId: UuidStr,
  eventId: UuidStr,
  athleteId: Schema.String,
  status: HybridRaceStatus,
  elapsedSeconds: Schema.NullOr(Schema.Number),
  finishedAt: Schema.NullOr(Instant),
  submittedAt: Schema.NullOr(Instant),
  flags: Schema.Array(HybridRaceFlag)
}).annotations({ identifier: "HybridFlaggedResult" })

export const HybridSegmentCheck = Schema.Struct({
  segments: Schema.Array(Schema.Number),
  disciplines: Schema.Array(Schema.String),
  checkpoint: Schema.NullOr(Schema.Number),
  seconds: Schema.Number,
  floorSeconds: Schema.Number,
  impossible: Schema.Boolean
}).annotations({ identifier: "HybridSegmentCheck" })

export const HybridEdgeCasesView = Schema.Struct({
  resultId: UuidStr,
  eventId: UuidStr,
  athleteId: Schema.String,
  status: HybridRaceStatus,
  elapsedSeconds: Schema.NullOr(Schema.Number),
  startedAt: Instant,
  finishedAt: Schema.NullOr(Instant),
  submittedAt: Schema.NullOr(Instant),
  flagged: Schema.Boolean,
  flags: Schema.Array(HybridRaceFlag),
  segments: Schema.Array(HybridSegmentCheck),
  floors: Schema.Array(Schema.Struct({ discipline: Schema.String, floorSeconds: Schema.Number }))
}).annotations({ identifier: "HybridEdgeCases" })

/** Where the athlete is and how far they want to go (500 m to 100 km); `limit` 1–10, default 5. */
export const LocalRoutesBody = Body({
  latitude: Latitude,
  longitude: Longitude,
  targetDistanceMeters: IntBetween(500, 100_000),
  limit: Optional(IntBetween(1, 10))
})

export const LocalRouteSuggestion = Schema.Struct({
  source: Schema.Literal("route", "event_course"),
  id: Schema.String,
  name: Schema.String,
  distanceMeters: Schema.Number,
  laps: Schema.Number,
  totalMeters: Schema.Number,
  gapMeters: Schema.Number,
  approachMeters: Schema.Number,
  startLatitude: Schema.Number,
  startLongitude: Schema.Number
}).annotations({ identifier: "HybridLocalRouteSuggestion" })

export const LocalRoutesView = Schema.Struct({
  eventId: Schema.String,
  targetDistanceMeters: Schema.Number,
  radiusMeters: Schema.Number,
  items: Schema.Array(LocalRouteSuggestion)
}).annotations({ identifier: "HybridLocalRoutes" })

/** The checkpoint the photo check is for: one the running attempt passed, or its next one. */
export const PhotoCheckInitBody = Body({ checkpointIndex: IntBetween(1, 1000) })
export const PhotoCheckAppealBody = Body({ reason: StrLength(1, 1000) })
const PhotoLimits = { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 64 * 1024 }
export const PhotoCheckPhotoForm = HttpApiSchema.Multipart(Form({ photo: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))) }), PhotoLimits)
const PhotoCheckPath = Schema.Struct({ eventId: Schema.String, photoCheckId: UuidStr })

/** A photo check with where its photo goes while it is pending (null once decided). */
export const PhotoCheckView = Schema.Struct({
  ...HybridPhotoCheck.fields,
  upload: Schema.NullOr(Schema.Struct({
    method: Schema.Literal("POST"),
    url: Schema.String,
    field: Schema.String,
    contentTypes: Schema.Array(Schema.String),
    maxBytes: Schema.Number
  }))
}).annotations({ identifier: "HybridPhotoCheck" })

const Pdf = HttpApiSchema.Uint8Array({ contentType: "application/pdf" })
const Svg = HttpApiSchema.Text({ contentType: "image/svg+xml" })
/** The 1-based index, in course order, of the checkpoint passed or skipped. */
export const HybridCheckpointBody = inputOf(HybridRaceCheckpoint, { required: ["index"], optional: [] })

export class HybridRaceGroup extends HttpApiGroup.make("hybridRace")
  .add(op.post("startHybridRace", "/v2/hybrid-race/:eventId/start", { path: EventIdPath, ok: HybridRaceAttempt, status: 201, summary: "Start the caller's attempt at a public hybrid race (once per event)" }))
  .add(op.post("hybridRaceCheckpoint", "/v2/hybrid-race/:eventId/checkpoint", { path: EventIdPath, body: HybridCheckpointBody, ok: HybridRaceAttempt, summary: "Pass the next checkpoint (its index in course order; any other index is out of order)" }))
  .add(op.post("skipHybridCheckpoint", "/v2/hybrid-race/:eventId/skip", { path: EventIdPath, body: HybridCheckpointBody, ok: HybridRaceAttempt, summary: "Skip the next checkpoint (recorded as skipped, in course order)" }))
  .add(op.post("finishHybridRace", "/v2/hybrid-race/:eventId/finish", { path: EventIdPath, ok: HybridRaceAttempt, summary: "Finish the running attempt: stamps the finish and the elapsed seconds" }))
  .add(op.post("submitHybridRace", "/v2/hybrid-race/:eventId/submit", { path: EventIdPath, ok: HybridRaceAttempt, summary: "Submit the finished attempt" }))
  .add(op.post("reportHybridLivePosition", "/v2/hybrid-race/:eventId/live-position", { path: EventIdPath, body: LivePositionBody, ok: HybridLivePosition, summary: "Report where the caller is during their running attempt (12 per minute; 409 HYBRID_RACE_OUT_OF_ORDER before the start or after the finish; 429 HYBRID_LIVE_POSITION_RATE_LIMITED)" }))
  .add(op.get("myHybridLivePosition", "/v2/hybrid-race/:eventId/live-position", { path: EventIdPath, ok: HybridLivePosition, summary: "The caller's last live position during their running attempt (404 HYBRID_LIVE_POSITION_NOT_FOUND before the first)" }))
  .add(op.get("hybridNearPace", "/v2/hybrid-race/:eventId/near-pace", { path: EventIdPath, query: NearPaceQuery, ok: NearPaceView, summary: "Up to `count` (default 3, max 10) live athletes just faster and just slower than the caller's pace (seconds per km)" }))
  .add(op.post("suggestHybridLocalRoutes", "/v2/hybrid-race/:eventId/local-routes/suggest", { path: EventIdPath, body: LocalRoutesBody, ok: LocalRoutesView, summary: "Curated routes and the event's course within 25 km of the caller, in whole laps closest to the target distance (deterministic)" }))
  .add(op.post("initHybridPhotoCheck", "/v2/hybrid-race/:eventId/photo-check/init", { path: EventIdPath, body: PhotoCheckInitBody, ok: PhotoCheckView, status: 201, summary: "Start a photo check at a checkpoint of the running attempt: a one-time challenge code (10 minutes) and where the photo goes" }))
  .add(op.post("hybridPhotoCheckPhoto", "/v2/hybrid-race/:eventId/photo-check/:photoCheckId/photo", { path: PhotoCheckPath, body: PhotoCheckPhotoForm, ok: PhotoCheckView, summary: "The photo of a pending check (multipart `photo`: PNG, JPG or WEBP, 5 MB), read by OCR: PASSED only when it shows the challenge code (confidence 0.8), else FAILED; 503 OCR_PROVIDER_NOT_CONFIGURED" }))
  .add(op.get("hybridPhotoCheckState", "/v2/hybrid-race/:eventId/photo-check/state", { path: EventIdPath, ok: PhotoCheckView, summary: "The caller's latest photo check: PENDING, PASSED, FAILED (with the reason) or APPEALED (404 PHOTO_CHECK_NOT_FOUND before the first)" }))
  .add(op.post("appealHybridPhotoCheck", "/v2/hybrid-race/:eventId/photo-check/:photoCheckId/appeal", { path: PhotoCheckPath, body: PhotoCheckAppealBody, ok: PhotoCheckView, summary: "Appeal a FAILED photo check once, with a reason (409 PHOTO_CHECK_STATUS_CONFLICT otherwise)" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Hybrid race")
  .annotate(OpenApi.Description, "An athlete's attempt at a hybrid race, step by step in course order")
{}

/**
 * C "Hybrid race (public)" and the event's hybrid leaderboard: a result is a submitted attempt (its
 * id), shown only while its event is public; unknown or hidden results are 404
 * HYBRID_RESULT_NOT_FOUND. The certificate's code is checked by the public verify route.
 */
export class HybridRacePublicGroup extends HttpApiGroup.make("hybridRacePublic")
  .add(op.get("hybridRaceLeaderboard", "/v2/hybrid-race/:eventId/leaderboard", { path: EventIdPath, query: Query(PageParams), ok: HybridLeaderboardView, summary: "Submitted attempts of a public event by time, 1-2-2-4 on equal times (page, limit)" }))
  .add(op.get("hybridResultsThisWeek", "/v2/race/results/this-week/list", { query: Query(PageParams), ok: HybridWeekResultsView, summary: "Results submitted this ISO week (from Monday 00:00 UTC) at public events, newest first, the latest 1000 at most (page, limit)" }))
  .add(op.get("publicHybridResult", "/v2/race/results/:resultId/public", { path: ResultIdPath, ok: HybridRaceResult, summary: "A hybrid race result: athlete, event, time and place" }))
  .add(op.get("hybridResultCertificate", "/v2/race/results/:resultId/certificate", { path: ResultIdPath, ok: HybridCertificateView, summary: "The result's certificate data with its verification code and URL" }))
  .add(op.get("hybridResultCertificatePdf", "/v2/race/results/:resultId/certificate.pdf", { path: ResultIdPath, success: Pdf, summary: "The result's certificate as PDF (the verification in the footer)" }))
  .add(op.get("hybridFinisherCard", "/v2/race/results/:resultId/finisher-card.svg", { path: ResultIdPath, success: Svg, summary: "The result's 1080×1080 finisher card (user text escaped)" }))
  .annotate(OpenApi.Title, "Events / Hybrid race (public)")
  .annotate(OpenApi.Description, "Hybrid race results, certificates, finisher cards and leaderboards")
{}

/** B "Hybrid race" edge cases (permission `activities.review`, as anti-cheat's review). */
export class AdminHybridRaceGroup extends HttpApiGroup.make("adminHybridRace")
  .add(op.get("flaggedHybridResults", "/v2/admin/hybrid-race/edge-cases/flagged", { query: Query(PageParams), ok: PageOf(HybridFlaggedResult), summary: "Finished attempts the rule table flagged (impossible split, missing checkpoint), latest finish first (page, limit)" }))
  .add(op.get("hybridResultEdgeCases", "/v2/admin/hybrid-race/edge-cases/result/:resultId", { path: ResultIdPath, ok: HybridEdgeCasesView, summary: "One finished attempt against the rule table: every timed span with its floor, and its flags" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("activities.review"))
  .annotate(OpenApi.Title, "Admin / Hybrid race")
  .annotate(OpenApi.Description, "Hybrid race results flagged by the edge-case rules")
{}
