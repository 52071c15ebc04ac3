/**
 * What an uploaded file really is, read from its first bytes (the client's declared content type
 * is not trusted), and the per-field upload rules (allowed types, maximum size).
 */

export type FileKind = "png" | "jpeg" | "webp" | "pdf" | "mp4" | "mov" | "webm"

export const ContentTypes: Readonly<Record<FileKind, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm"
}

const startsWith = (bytes: Uint8Array, prefix: ReadonlyArray<number>, at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b)

/** The file's kind from its magic bytes; undefined for anything else. */
export const sniffFileKind = (bytes: Uint8Array): FileKind | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png"
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp"
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"
  // ISO base media files carry `ftyp` at offset 4; the QuickTime brand `qt  ` marks a .mov.
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return startsWith(bytes, [0x71, 0x74, 0x20, 0x20], 8) ? "mov" : "mp4"
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "webm"
  return undefined
}

/** What one upload field accepts. */
export interface UploadRule {
  readonly kinds: ReadonlyArray<FileKind>
  readonly maxBytes: number
}

export const MiB = 1024 * 1024

/** Images shown on profiles. */
export const ImageRule: UploadRule = { kinds: ["png", "jpeg", "webp"], maxBytes: 5 * MiB }
/** Documents (A 8: signed declaration upload is PDF, JPG or PNG, 5 MB; KYC documents follow the same rule). */
export const DocumentRule: UploadRule = { kinds: ["pdf", "jpeg", "png"], maxBytes: 5 * MiB }
/** Short videos (challenge promo stories): MP4, MOV or WEBM up to 50 MB, a story clip rather than a film. */
export const VideoRule: UploadRule = { kinds: ["mp4", "mov", "webm"], maxBytes: 50 * MiB }

/** An uploaded file as the host read it. */
export interface Upload {
  readonly fileName: string
  readonly bytes: Uint8Array
}

const kindNames: Readonly<Record<FileKind, string>> = { png: "PNG", jpeg: "JPG", webp: "WEBP", pdf: "PDF", mp4: "MP4", mov: "MOV", webm: "WEBM" }

/** Checks an upload against a rule; the kind, or the 400 message naming the field. */
export const checkUpload = (field: string, upload: Upload, rule: UploadRule): { readonly kind: FileKind } | { readonly error: string } => {
  const allowed = rule.kinds.map((k) => kindNames[k]).join(", ")
  if (upload.bytes.length === 0) return { error: `${field} must not be empty` }
  if (upload.bytes.length > rule.maxBytes) {
    return { error: `${field} must be at most ${Math.round(rule.maxBytes / MiB)} MB` }
  }
  const kind = sniffFileKind(upload.bytes)
  if (kind === undefined || !rule.kinds.includes(kind)) return { error: `${field} must be a file of type ${allowed}` }
  return { kind }
}
