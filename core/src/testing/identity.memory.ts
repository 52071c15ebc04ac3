/**
 * In-memory twins of the identity ports. SecureRandom draws from effect's `Random` and Hmac is a
 * plain keyed FNV hash: deterministic and fast for tests, and NOT secure — the hosts always use the
 * node adapters (@podium/providers).
 */
import { Clock, Effect, Layer, Option, Random } from "effect"
import {
  AccessTokenLifetimeSeconds,
  type AccessClaims,
  AccessTokens,
  InvalidAccessToken
} from "../identity/access-tokens.port.js"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import type { RefreshTokenRecord, Session } from "../identity/session.model.js"
import { SessionRepo } from "../identity/session.port.js"
import { hmacSha1 } from "./hmac-sha1.memory.js"

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0")

/** SecureRandom on effect's Random (seedable in tests). */
export const SecureRandomMemory: Layer.Layer<SecureRandom> = Layer.succeed(SecureRandom, SecureRandom.of({
  digits: (length) =>
    Effect.map(Effect.all(Array.from({ length }, () => Random.nextIntBetween(0, 10))), (ds) => ds.join("")),
  token: (bytes) =>
    Effect.map(Effect.all(Array.from({ length: bytes }, () => Random.nextIntBetween(0, 256))), (bs) => bs.map((b) => hex(b, 2)).join("")),
  uuid: Effect.map(Effect.all(Array.from({ length: 16 }, () => Random.nextIntBetween(0, 256))), (b) => {
    b[6] = (b[6]! & 0x0f) | 0x40
    b[8] = (b[8]! & 0x3f) | 0x80
    const h = b.map((x) => hex(x, 2)).join("")
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
  })
}))

/** FNV-1a over the text, twice with different seeds, as 16 hex characters. */
const fnv = (text: string) => {
  let a = 0x811c9dc5
  let b = 0x01000193 ^ 0x5bd1e995
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0
  }
  return hex(a, 8) + hex(b, 8)
}

/** Keyed hashing for tests (not cryptographic). */
export const makeHmacMemory = (key = "memory-key"): Hmac["Type"] =>
  Hmac.of({
    digest: (purpose, value) => Effect.succeed(fnv(`${key}\u0000${purpose}\u0000${value}`)),
    matches: (purpose, value, digest) => Effect.succeed(fnv(`${key}\u0000${purpose}\u0000${value}`) === digest),
    sha1: (secret, message) => Effect.sync(() => hmacSha1(secret, message))
  })
export const HmacMemory: Layer.Layer<Hmac> = Layer.sync(Hmac, () => makeHmacMemory())

/** Access tokens as `mem.<claims>.<keyed hash>`; expiry follows effect's Clock. */
export const makeAccessTokensMemory = (key = "memory-signing-key"): AccessTokens["Type"] =>
  AccessTokens.of({
    sign: (request) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const iat = Math.floor(ms / 1000)
        const exp = iat + (request.lifetimeSeconds ?? AccessTokenLifetimeSeconds)
        const claims: AccessClaims = {
          sub: request.sub,
          kind: request.kind,
          role: request.role,
          sid: request.sid,
          iat,
          exp,
          ...(request.act === undefined ? {} : { act: request.act })
        }
        const body = encodeURIComponent(JSON.stringify(claims))
        return { token: `mem.${body}.${fnv(key + body)}`, expiresAt: exp * 1000 }
      }),
    verify: (token) =>
      Effect.gen(function*() {
        const [scheme, body, signature, ...rest] = token.split(".")
        if (scheme !== "mem" || body === undefined || signature === undefined || rest.length > 0) {
          return yield* new InvalidAccessToken({ reason: "malformed" })
        }
        if (fnv(key + body) !== signature) return yield* new InvalidAccessToken({ reason: "bad signature" })
        const claims = JSON.parse(decodeURIComponent(body)) as AccessClaims
        if (claims.exp * 1000 <= (yield* Clock.currentTimeMillis)) return yield* new InvalidAccessToken({ reason: "expired" })
        return claims
      })
  })
export const AccessTokensMemory: Layer.Layer<AccessTokens> = Layer.sync(AccessTokens, () => makeAccessTokensMemory())

/** SessionRepo in memory with the Postgres adapter's semantics (conditional rotation). */
export const makeSessionRepoMemory = (): SessionRepo["Type"] => {
  const sessions = new Map<string, Session>()
  const tokens = new Map<string, RefreshTokenRecord>()
  const byHash = new Map<string, string>()
  const addToken = (sessionId: string, familyId: string, t: { id: string; tokenHash: string; expiresAt: Date }, at: Date) => {
    tokens.set(t.id, { ...t, sessionId, familyId, usedAt: null, successorId: null, createdAt: at })
    byHash.set(t.tokenHash, t.id)
  }
  const revokeWhere = (pred: (s: Session) => boolean, reason: string, at: Date) => {
    const ended: Array<string> = []
    for (const s of sessions.values()) {
      if (s.revokedAt === null && pred(s)) {
        sessions.set(s.id, { ...s, revokedAt: at, revokeReason: reason })
        ended.push(s.id)
      }
    }
    return ended
  }
  return SessionRepo.of({
    create: (session, first) =>
      Effect.sync(() => {
        sessions.set(session.id, session)
        addToken(session.id, session.familyId, first, session.createdAt)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(sessions.get(id))),
    listByAccount: (account) =>
      Effect.sync(() =>
        [...sessions.values()]
          .filter((s) => s.accountKind === account.kind && s.accountId === account.id)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      ),
    revoke: (id, reason, at) => Effect.sync(() => revokeWhere((s) => s.id === id, reason, at).length > 0),
    revokeAccount: (account, reason, at, exceptId) =>
      Effect.sync(() => revokeWhere((s) => s.accountKind === account.kind && s.accountId === account.id && s.id !== exceptId, reason, at)),
    revokeFamily: (familyId, reason, at) => Effect.sync(() => revokeWhere((s) => s.familyId === familyId, reason, at)),
    findRefreshToken: (tokenHash) =>
      Effect.sync(() => Option.fromNullable(tokens.get(byHash.get(tokenHash) ?? ""))),
    rotate: (usedId, successor, at) =>
      Effect.sync(() => {
        const used = tokens.get(usedId)
        if (used === undefined || used.usedAt !== null) return false
        tokens.set(usedId, { ...used, usedAt: at, successorId: successor.id })
        addToken(used.sessionId, used.familyId, successor, at)
        const session = sessions.get(used.sessionId)
        if (session !== undefined) sessions.set(session.id, { ...session, lastUsedAt: at })
        return true
      })
  })
}
export const SessionRepoMemory: Layer.Layer<SessionRepo> = Layer.sync(SessionRepo, makeSessionRepoMemory)

/** Every identity port in memory (crypto, tokens, sessions). */
export const IdentityPortsMemory = Layer.mergeAll(SecureRandomMemory, HmacMemory, AccessTokensMemory, SessionRepoMemory)
