/**
 * Storing checked uploads (KYC documents, logos, certificates) in the blob store, shared by every
 * context that accepts files (organizer profile and business KYC, club KYC): the whole-form check
 * that reports every bad file at once, and the store step under an unguessable, short key
 * `<prefix>/<128 random bits>.<ext>` (media tokens embed the key). Files are only ever served
 * through short-lived signed media URLs (`mediaUrl`).
 */
import { Effect, Schema } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import { BlobStore } from "./blob-store.port.js"
import { checkUpload, ContentTypes, type Upload, type UploadRule } from "./file-type.model.js"

/** A stored file: its blob key, its (sniffed) content type and the client's file name. */
export const StoredFile = Schema.Struct({
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Number
})
export interface StoredFile extends Schema.Schema.Type<typeof StoredFile> {}

/** The 400 message of every supplied upload among `fields` that breaks `rule` (empty when all pass). */
export const uploadProblems = <F extends string>(
  files: Partial<Record<F, Upload | undefined>>,
  fields: ReadonlyArray<F>,
  rule: UploadRule
): Array<string> =>
  fields.flatMap((field) => {
    const upload = files[field]
    if (upload === undefined) return []
    const checked = checkUpload(field, upload, rule)
    return "error" in checked ? [checked.error] : []
  })

/** Stores one upload that already passed `rule` (checked by the caller; a failing one here is a defect). */
export const putUpload = Effect.fn("media.files.put")(function*(prefix: string, field: string, upload: Upload, rule: UploadRule) {
  const checked = checkUpload(field, upload, rule)
  if ("error" in checked) return yield* Effect.dieMessage(`upload ${field} was not checked before storing: ${checked.error}`)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.token(16))
  const ext = checked.kind === "jpeg" ? "jpg" : checked.kind
  const key = `${prefix}/${id}.${ext}`
  const contentType = ContentTypes[checked.kind]
  yield* Effect.flatMap(BlobStore, (b) => b.put(key, upload.bytes, contentType))
  const file: StoredFile = {
    key,
    contentType,
    fileName: upload.fileName.replace(/[^\w.\- ]+/g, "_").slice(0, 200) || `${field}.${ext}`,
    size: upload.bytes.length
  }
  return file
})

/** Stores every supplied upload among `fields` (all checked beforehand with `uploadProblems`). */
export const storeUploads = <F extends string>(
  prefix: string,
  files: Partial<Record<F, Upload | undefined>>,
  fields: ReadonlyArray<F>,
  rule: UploadRule
) =>
  Effect.gen(function*() {
    const stored: Partial<Record<F, StoredFile>> = {}
    for (const field of fields) {
      const upload = files[field]
      if (upload !== undefined) stored[field] = yield* putUpload(prefix, field, upload, rule)
    }
    return stored
  })
