/**
 * The document fields of multipart forms (organizer and club KYC): the uploaded files read from the
 * parser's temp files, and the stored documents answered as fresh private signed media URLs.
 */
import type { Multipart } from "@effect/platform"
import { type Identity, Media } from "@podium/core"
import { Effect } from "effect"
import { readUpload } from "../organizers/organizer.view.js"

/** The bytes of every document field of `payload` that carries a file (absent fields are left out). */
export const readUploads = <F extends string>(
  payload: { readonly [K in NoInfer<F>]?: Multipart.PersistedFile | undefined },
  fields: ReadonlyArray<F>
) =>
  Effect.gen(function*() {
    const files: Partial<Record<F, Media.Upload>> = {}
    for (const field of fields) {
      const upload = yield* readUpload(payload[field])
      if (upload !== undefined) files[field] = upload
    }
    return files
  })

/** Every document field as a fresh private media URL, `null` where nothing is stored. */
export const privateDocumentUrls = <F extends string>(
  documents: { readonly [K in NoInfer<F>]?: { readonly key: string; readonly contentType: string } | undefined },
  fields: ReadonlyArray<F>
): Effect.Effect<Record<F, string | null>, never, Identity.Hmac> =>
  Effect.gen(function*() {
    const urls = {} as Record<F, string | null>
    for (const field of fields) {
      const file = documents[field]
      urls[field] = file === undefined ? null : yield* Media.mediaUrl(file, "private")
    }
    return urls
  })
