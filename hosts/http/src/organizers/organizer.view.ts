/** Organizer records → wire views: files become fresh signed media URLs; uploads are read from the parser's temp files. */
import type { Multipart } from "@effect/platform"
import type { OrganizerView } from "@podium/contracts/events"
import { type Identity, Media, type Organizers } from "@podium/core"
import { Effect } from "effect"
import { readFile } from "node:fs/promises"

const urlOf = (file: Organizers.StoredFile | null) =>
  file === null ? Effect.succeed(null) : Media.mediaUrl(file, "public")

export const organizerView = (o: Organizers.Organizer): Effect.Effect<OrganizerView, never, Identity.Hmac> =>
  Effect.gen(function*() {
    const { logo, banner, ...rest } = o
    const view: OrganizerView = {
      ...rest,
      companyLogo: yield* urlOf(logo),
      companyBanner: yield* urlOf(banner)
    }
    return view
  })

/** A partial organizer of the admin list (`fields` may leave files out). */
export const organizerListItem = (o: Partial<Organizers.Organizer>): Effect.Effect<Partial<OrganizerView>, never, Identity.Hmac> =>
  Effect.gen(function*() {
    const { logo, banner, ...rest } = o
    return {
      ...rest,
      ...(logo === undefined ? {} : { companyLogo: yield* urlOf(logo) }),
      ...(banner === undefined ? {} : { companyBanner: yield* urlOf(banner) })
    }
  })

/** The bytes of an uploaded file (the multipart parser persisted it to a scoped temp file). */
export const readUpload = (file: Multipart.PersistedFile | undefined): Effect.Effect<Media.Upload | undefined> =>
  file === undefined
    ? Effect.succeed(undefined)
    : Effect.promise(() => readFile(file.path)).pipe(Effect.map((bytes) => ({ fileName: file.name, bytes: new Uint8Array(bytes) })))
