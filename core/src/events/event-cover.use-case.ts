/**
 * Event covers (C "Events": `PATCH /v2/events/{id}/desktop-cover`, `/mobile-cover`): an image
 * (PNG, JPG or WEBP, 5 MB, checked by its bytes) stored through the blob store; the event keeps the
 * file's key and the replaced cover's file is removed once the event points at the new one.
 */
import { Effect, Option } from "effect"
import { ImageRule, type Upload, checkUpload } from "../media/file-type.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import type { OrganizerAccessGrant } from "../organizers/organizer.model.js"
import { EventInvalid, EventNotFound } from "./event.model.js"
import { EventRepo } from "./event.port.js"
import { writableEvent } from "./event.use-case.js"

export const setEventCover = Effect.fn("events.cover.set")(function*(grant: OrganizerAccessGrant, id: string, which: "desktopCover" | "mobileCover", upload: Upload) {
  const event = yield* writableEvent(grant, id)
  const checked = checkUpload("image", upload, ImageRule)
  if ("error" in checked) return yield* new EventInvalid({ messages: [checked.error] })
  const file = yield* putUpload("e", "image", upload, ImageRule)
  const updated = yield* Effect.flatMap(EventRepo, (r) => r.update(event.id, { [which]: file.key }))
  if (Option.isNone(updated)) {
    yield* Effect.flatMap(BlobStore, (b) => b.remove(file.key))
    return yield* new EventNotFound({ ref: id })
  }
  const previous = event[which]
  if (previous !== null && previous !== file.key) yield* Effect.flatMap(BlobStore, (b) => b.remove(previous)).pipe(Effect.ignore)
  return { eventId: event.id, field: which, key: file.key, contentType: file.contentType, size: file.size, url: yield* mediaUrl(file, "public") }
})
