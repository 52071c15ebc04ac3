/**
 * Registration form uploads (C "Participations" form-uploads): a signed-in athlete uploads one file
 * for an event's registration form (a medical certificate, an ID): PDF, JPG or PNG up to 5 MB,
 * recognised by its bytes (the declared content type is not trusted), stored in the blob store
 * under an unguessable key and answered with a short-lived private media URL. An athlete holds at
 * most `MaxFormUploadsPerEvent` files per event, so the endpoint cannot be used as free storage.
 */
import { DomainError, InputInvalid } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { EventNotFound } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { isPubliclyVisible } from "../events/event.model.js"
import { SecureRandom } from "../identity/crypto.port.js"
import { BlobStore } from "../media/blob-store.port.js"
import { DocumentRule, type Upload } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload, uploadProblems } from "../media/stored-file.js"
import { FormUploadRepo } from "./form-upload.port.js"

export const MaxFormUploadsPerEvent = 20

export class FormUploadInvalid extends InputInvalid<FormUploadInvalid>()("FormUploadInvalid") {}

export class FormUploadLimitReached extends DomainError<FormUploadLimitReached>()("FormUploadLimitReached", { kind: "conflict", code: "FORM_UPLOAD_LIMIT_REACHED" }, {
  max: Schema.Int
}) {
  override get message() {
    return `At most ${this.max} files may be uploaded for one event`
  }
}

export const uploadEventFormFile = Effect.fn("registrations.uploadEventFormFile")(function*(userId: string, eventId: string, upload: Upload | undefined) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId))
  if (Option.isNone(event) || !isPubliclyVisible(event.value)) return yield* new EventNotFound({ ref: eventId })
  if (upload === undefined) return yield* new FormUploadInvalid({ messages: ["file should not be empty"] })
  const problems = uploadProblems({ file: upload }, ["file"], DocumentRule)
  if (problems.length > 0) return yield* new FormUploadInvalid({ messages: problems })
  // A short prefix keeps media tokens (which embed the key) short; the row names the event.
  const file = yield* putUpload("rf", "file", upload, DocumentRule)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  const stored = yield* Effect.flatMap(FormUploadRepo, (r) => r.create({ id, eventId, userId, ...file }, MaxFormUploadsPerEvent)).pipe(
    Effect.tapError(() => Effect.flatMap(BlobStore, (b) => b.remove(file.key)))
  )
  return { ...stored, url: yield* mediaUrl(stored, "private") }
})
