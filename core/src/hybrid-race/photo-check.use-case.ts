/**
 * C "Hybrid race (user)" photo checks: proof that the athlete stood at a checkpoint of their running
 * attempt. `init` issues a one-time challenge code (valid 10 minutes) and the upload target; the
 * athlete photographs the checkpoint's marker with the code shown beside it (on the app's screen)
 * and uploads the photo there. The photo is read by the OCR port (the same reader as C "Athlete /
 * OCR"); the check PASSES only when the reader reads exactly the challenge code with a confidence
 * of at least 0.8, otherwise it FAILS with the reason. Nothing else can pass a check: no reader
 * configured is 503 OCR_PROVIDER_NOT_CONFIGURED and the check stays PENDING. A failed check may be
 * appealed once (APPEALED; the stored photo and the reason wait for a reviewer).
 */
import type { HybridPhotoCheck } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { publicEvent } from "../events/event.use-case.js"
import { SecureRandom } from "../identity/crypto.port.js"
import { checkUpload, ContentTypes, ImageRule, type Upload } from "../media/file-type.model.js"
import { putUpload } from "../media/stored-file.js"
import { Ocr } from "../training/ocr.port.js"
import { normaliseReading, OcrImageInvalid } from "../training/ocr.use-case.js"
import { PhotoCheckCheckpointInvalid, PhotoCheckMoves, PhotoCheckNotFound } from "./hybrid-race.model.js"
import { HybridPhotoCheckRepo } from "./hybrid-race.port.js"
import { runningAttempt } from "./live.use-case.js"

/** How long a challenge code may be answered. */
export const PhotoCheckTtlMs = 10 * 60_000
/** The least confidence a reading must have to pass a check. */
export const PhotoCheckPassConfidence = 0.8

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const photoPath = (eventId: string, id: string) => `/v2/hybrid-race/${eventId}/photo-check/${id}/photo`

/** A check as its athlete reads it: with where its photo goes while it is pending. */
const view = (check: HybridPhotoCheck) => ({
  ...check,
  upload: check.status === "PENDING"
    ? { method: "POST" as const, url: photoPath(check.eventId, check.id), field: "photo", contentTypes: ImageRule.kinds.map((k) => ContentTypes[k]), maxBytes: ImageRule.maxBytes }
    : null
})

/** The caller's own check at the event; anyone else's is not found. */
const ownCheck = (athleteId: string, eventId: string, id: string) =>
  Effect.flatMap(Effect.flatMap(HybridPhotoCheckRepo, (r) => r.find(id)), (found) =>
    Option.isSome(found) && found.value.athleteId === athleteId && found.value.eventId === eventId
      ? Effect.succeed(found.value)
      : Effect.fail(new PhotoCheckNotFound({ ref: id })))

/** A pending check past its expiry fails (conditionally: a decision that got there first stands). */
const expireIfDue = (check: HybridPhotoCheck) =>
  Effect.gen(function*() {
    const at = yield* now
    if (check.status !== "PENDING" || check.expiresAt.getTime() > at.getTime()) return check
    return yield* Effect.flatMap(HybridPhotoCheckRepo, (r) => r.move(check.id, "fail", { reason: "The challenge expired before a photo was read" }, at)).pipe(
      Effect.catchTag("MoveRefused", () => Effect.map(Effect.flatMap(HybridPhotoCheckRepo, (r) => r.find(check.id)), Option.getOrElse(() => check))),
      Effect.catchTag("PhotoCheckNotFound", () => Effect.succeed(check))
    )
  })

/** A check for a checkpoint the running attempt has reached: one already passed, or the next one. */
export const initPhotoCheck = Effect.fn("hybridRace.photoCheck.init")(function*(athleteId: string, eventId: string, checkpointIndex: number) {
  yield* publicEvent(eventId)
  const attempt = yield* runningAttempt(athleteId, eventId)
  if (checkpointIndex > attempt.nextCheckpoint) return yield* new PhotoCheckCheckpointInvalid({ given: checkpointIndex, next: attempt.nextCheckpoint })
  const challengeCode = `PC-${yield* Effect.flatMap(SecureRandom, (r) => r.digits(6))}`
  const at = yield* now
  const check = yield* Effect.flatMap(HybridPhotoCheckRepo, (r) =>
    r.create({ eventId, athleteId, attemptId: attempt.id, checkpointIndex, challengeCode, expiresAt: new Date(at.getTime() + PhotoCheckTtlMs) }, at))
  return view(check)
})

/** The caller's latest check at the event (404 PHOTO_CHECK_NOT_FOUND before the first). */
export const photoCheckState = Effect.fn("hybridRace.photoCheck.state")(function*(athleteId: string, eventId: string) {
  yield* publicEvent(eventId)
  const latest = yield* Effect.flatMap(HybridPhotoCheckRepo, (r) => r.latest(eventId, athleteId))
  if (Option.isNone(latest)) return yield* new PhotoCheckNotFound({ ref: eventId })
  return view(yield* expireIfDue(latest.value))
})

/** The photo of a pending check: read, kept, and the check decided on what was read. */
export const submitPhotoCheckPhoto = Effect.fn("hybridRace.photoCheck.photo")(function*(athleteId: string, eventId: string, id: string, photo: Upload | undefined) {
  yield* publicEvent(eventId)
  const check = yield* Effect.flatMap(ownCheck(athleteId, eventId, id), expireIfDue)
  const repo = yield* HybridPhotoCheckRepo
  if (check.status !== "PENDING") {
    // Already decided (or expired, or appealed): the machine's 409.
    return yield* Effect.fail(PhotoCheckMoves.refused(check.status, "pass"))
  }
  if (photo === undefined) return yield* new OcrImageInvalid({ messages: ["photo should not be empty"] })
  const checked = checkUpload("photo", photo, ImageRule)
  if ("error" in checked) return yield* new OcrImageInvalid({ messages: [checked.error] })
  const reading = normaliseReading(yield* Effect.flatMap(Ocr, (o) => o.readCheckpoint({ bytes: photo.bytes, contentType: ContentTypes[checked.kind] })))
  const stored = yield* putUpload(`hybrid-race/photo-checks/${check.id}`, "photo", photo, ImageRule)
  const passed = reading.checkpointCode === check.challengeCode && reading.confidence >= PhotoCheckPassConfidence
  const reason = passed
    ? null
    : reading.checkpointCode === null
    ? "No code could be read on the photo"
    : reading.checkpointCode !== check.challengeCode
    ? `The photo shows ${reading.checkpointCode}, not the challenge code`
    : `The code was read with confidence ${reading.confidence}, under ${PhotoCheckPassConfidence}`
  const decided = yield* repo.move(check.id, passed ? "pass" : "fail", {
    readCode: reading.checkpointCode,
    readConfidence: reading.confidence,
    reason,
    photoKey: stored.key
  }, yield* now)
  return view(decided)
})

/** A failed check appealed once, with the athlete's reason (409 PHOTO_CHECK_STATUS_CONFLICT otherwise). */
export const appealPhotoCheck = Effect.fn("hybridRace.photoCheck.appeal")(function*(athleteId: string, eventId: string, id: string, reason: string) {
  yield* publicEvent(eventId)
  const check = yield* Effect.flatMap(ownCheck(athleteId, eventId, id), expireIfDue)
  return view(yield* Effect.flatMap(HybridPhotoCheckRepo, (r) => Effect.flatMap(now, (at) => r.move(check.id, "appeal", { appealReason: reason }, at))))
})
