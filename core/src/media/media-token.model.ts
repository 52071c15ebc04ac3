/**
 * Media delivery tokens (A 4.2 `/v2/media/content/{token}`): a file is served only through a
 * short-lived token that names the blob key, its content type and file name, the audience it was
 * issued for and its expiry, signed with HMAC-SHA256 under the server key (domain-separated by
 * the audience). Keys are never guessable from a URL and a token cannot be altered or extended.
 */
import { DomainError } from "@podium/kernel"
import { Clock, Effect, Either, Encoding, Schema } from "effect"
import { Hmac } from "../identity/crypto.port.js"
import { ContentTypes, type FileKind } from "./file-type.model.js"

/** Who a token was issued for: `public` (profile images) or `private` (KYC documents, shown to OWNER/ADMIN and admins). */
export type MediaAudience = "public" | "private"

export interface MediaTokenClaims {
  readonly key: string
  readonly contentType: string
  readonly fileName: string
  readonly audience: MediaAudience
  /** Epoch seconds. */
  readonly expiresAt: number
}

/** Lifetimes: profile images an hour, private documents five minutes. */
export const MediaTokenTtlSeconds: Readonly<Record<MediaAudience, number>> = { public: 3600, private: 300 }

// Tokens must stay short (the router caps a path parameter at 100 characters): the claims are
// `<key>|<kind>|<audience>|<expiry base36>` in base64url, and the signature is the first 128 bits
// of the HMAC in hex. The file name served is the key's base name.
const KindCodes: Readonly<Record<string, FileKind>> = { p: "png", j: "jpeg", w: "webp", d: "pdf", m: "mp4", q: "mov", v: "webm" }
const codeOf = (contentType: string) => Object.entries(KindCodes).find(([, k]) => ContentTypes[k] === contentType)?.[0]
const SignatureHexLength = 32

const constantTimeEqual = (a: string, b: string) => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

const purpose = (audience: string) => `media-token:${audience}`

/** A malformed or forged token: answered as if the file did not exist (404). */
export class MediaTokenInvalid extends DomainError<MediaTokenInvalid>()("MediaTokenInvalid", { kind: "not-found" }) {
  override get message() {
    return "Media not found"
  }
}

/** An expired token. Its 410 (GONE) is not one of the domain kinds, so the media handler answers it. */
export class MediaTokenExpired extends Schema.TaggedError<MediaTokenExpired>()("MediaTokenExpired", {}) {
  override get message() {
    return "This media link has expired"
  }
}

/** Signs a token for a stored file (its content type must be one of the upload kinds). */
export const issueMediaToken = Effect.fn("media.tokens.issue")(function*(file: {
  readonly key: string
  readonly contentType: string
}, audience: MediaAudience, ttlSeconds = MediaTokenTtlSeconds[audience]) {
  const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
  const code = codeOf(file.contentType) ?? "d"
  const body = Encoding.encodeBase64Url(`${file.key}|${code}|${audience === "public" ? "u" : "r"}|${(now + ttlSeconds).toString(36)}`)
  const signature = (yield* Effect.flatMap(Hmac, (h) => h.digest(purpose(audience), body))).slice(0, SignatureHexLength)
  return `${body}.${signature}`
})

/** The URL path that serves a stored file through a fresh token. */
export const mediaUrl = (file: { readonly key: string; readonly contentType: string }, audience: MediaAudience) =>
  Effect.map(issueMediaToken(file, audience), (token) => `/v2/media/content/${token}?download=0`)

/** Verifies a token: MediaTokenInvalid when malformed or forged, MediaTokenExpired when past its expiry. */
export const openMediaToken = Effect.fn("media.tokens.open")(function*(token: string) {
  const [body, signature, extra] = token.split(".")
  if (body === undefined || signature === undefined || extra !== undefined || !/^[0-9a-f]{32}$/.test(signature)) {
    return yield* new MediaTokenInvalid()
  }
  const text = Encoding.decodeBase64UrlString(body)
  if (Either.isLeft(text)) return yield* new MediaTokenInvalid()
  const [key, code, aud, exp, more] = text.right.split("|")
  const kind = code === undefined ? undefined : KindCodes[code]
  if (key === undefined || kind === undefined || (aud !== "u" && aud !== "r") || exp === undefined || more !== undefined) {
    return yield* new MediaTokenInvalid()
  }
  const audience: MediaAudience = aud === "u" ? "public" : "private"
  const expected = (yield* Effect.flatMap(Hmac, (h) => h.digest(purpose(audience), body))).slice(0, SignatureHexLength)
  if (!constantTimeEqual(expected, signature)) return yield* new MediaTokenInvalid()
  const expiresAt = Number.parseInt(exp, 36)
  const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
  if (!Number.isFinite(expiresAt) || expiresAt < now) return yield* new MediaTokenExpired()
  const result: MediaTokenClaims = {
    key,
    contentType: ContentTypes[kind],
    fileName: key.split("/").at(-1) ?? key,
    audience,
    expiresAt
  }
  return result
})
