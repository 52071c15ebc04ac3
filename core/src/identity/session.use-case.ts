/**
 * Sessions: start one at sign-in, rotate its refresh token, check it on every request (through a
 * short TtlCache entry, so a revocation is seen at once by every process), list and revoke.
 */
import { Clock, Effect, Option, Schema } from "effect"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { AccessTokens, type InvalidAccessToken } from "./access-tokens.port.js"
import { Hmac, SecureRandom } from "./crypto.port.js"
import { RefreshTokenInvalid, RefreshTokenReused, SessionNotActive, SessionNotFound } from "./identity.errors.js"
import type { AccountKind, AccountRef, Principal, Role } from "./principal.model.js"
import { RefreshTokenLifetimeDays, type Session } from "./session.model.js"
import { SessionRepo } from "./session.port.js"
import { adminPermissionsKey, rememberPrefetchedPermissions } from "../accounts/admin-permissions-prefetch.js"
import { steppedUpUntilFrom, stepUpKey } from "./step-up.model.js"

/** How long "session is active/revoked" is cached; revocations overwrite it at once. */
const ActiveCacheMs = 60_000
/** A concurrent double refresh within this window gets the same successor instead of a family revocation. */
export const RefreshGraceMs = 10_000

const activeKey = (sid: string) => `identity:session-active:${sid}`
const graceKey = (tokenHash: string) => `identity:refresh-rotated:${tokenHash}`
const RefreshPurpose = "refresh-token"

export interface TokenPair {
  readonly accessToken: string
  readonly refreshToken: string
}

const GraceEntry = Schema.parseJson(Schema.Struct({ refreshToken: Schema.String, successorId: Schema.String }))

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const newRefreshToken = Effect.gen(function*() {
  const random = yield* SecureRandom
  const hmac = yield* Hmac
  const token = yield* random.token(32)
  const id = yield* random.uuid
  const tokenHash = yield* hmac.digest(RefreshPurpose, token)
  const expiresAt = new Date((yield* Clock.currentTimeMillis) + RefreshTokenLifetimeDays * 24 * 60 * 60 * 1000)
  return { token, record: { id, tokenHash, expiresAt } }
})

const signFor = (session: Pick<Session, "id" | "accountKind" | "accountId" | "role">) =>
  Effect.flatMap(AccessTokens, (tokens) =>
    tokens.sign({ sub: session.accountId, kind: session.accountKind, role: session.role, sid: session.id }))

const markRevoked = (ids: ReadonlyArray<string>) =>
  Effect.flatMap(TtlCache, (cache) => Effect.forEach(ids, (id) => cache.set(activeKey(id), "0", ActiveCacheMs), { discard: true }))

/** Starts a session for a signed-in account and returns its first token pair. */
export const startSession = Effect.fn("identity.sessions.start")(function*(input: {
  readonly account: AccountRef
  readonly role: Role
  readonly userAgent?: string | undefined
  readonly ip?: string | undefined
}) {
  const random = yield* SecureRandom
  const repo = yield* SessionRepo
  const id = yield* random.uuid
  const at = yield* now
  const session: Session = {
    id,
    accountKind: input.account.kind,
    accountId: input.account.id,
    role: input.role,
    familyId: id,
    createdAt: at,
    lastUsedAt: at,
    revokedAt: null,
    revokeReason: null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    ip: input.ip ?? null
  }
  const refresh = yield* newRefreshToken
  yield* repo.create(session, refresh.record)
  const access = yield* signFor(session)
  return { session, accessToken: access.token, refreshToken: refresh.token }
})

/**
 * Whether the session is active, with the services given: the cached flag, else the session row
 * (then cached). The auth guard calls this on every request (authenticateWith), so it is a plain
 * effect without a span of its own: a span per request would copy the request's whole context.
 */
const sessionIsActiveIn = (cache: TtlCache["Type"], sessions: SessionRepo["Type"], sid: string): Effect.Effect<boolean> =>
  Effect.flatMap(cache.get(activeKey(sid)), (cached) => sessionIsActiveFrom(cache, sessions, sid, cached))

/** The same decision from an already-read cache entry (the auth guard reads it with other keys). */
const sessionIsActiveFrom = (
  cache: TtlCache["Type"],
  sessions: SessionRepo["Type"],
  sid: string,
  cached: Option.Option<string>
): Effect.Effect<boolean> => {
  if (Option.isSome(cached)) return Effect.succeed(cached.value === "1")
  return Effect.gen(function*() {
    const session = yield* sessions.findById(sid)
    const active = Option.isSome(session) && session.value.revokedAt === null
    // setIfAbsent: a revocation written meanwhile ("0") wins over this possibly stale read.
    yield* cache.setIfAbsent(activeKey(sid), active ? "1" : "0", ActiveCacheMs)
    if (!active) return false
    const again = yield* cache.get(activeKey(sid))
    return Option.getOrElse(again, () => "1") === "1"
  })
}

/** Whether the session is active, answered from the cache when possible. */
export const sessionIsActive = Effect.fn("identity.sessions.isActive")(function*(sid: string) {
  const cache = yield* TtlCache
  const sessions = yield* SessionRepo
  return yield* sessionIsActiveIn(cache, sessions, sid)
})

/** What `authenticateWith` reads: resolved once (the auth guard does it when its layer is built). */
export interface AuthenticationServices {
  readonly tokens: AccessTokens["Type"]
  readonly cache: TtlCache["Type"]
  readonly sessions: SessionRepo["Type"]
}

/**
 * `authenticate` with its services given, for the per-request path: no context is provided or read
 * per call (providing services copies the request's whole context). Same checks, same order: the
 * token (AccessTokens.verify, which may answer a remembered verification), then the session-active
 * check against the shared cache on EVERY call, so a revocation (which overwrites that entry in
 * every process at once) is refused on the next request, then the step-up window.
 *
 * The cache entries the request needs are read in ONE round trip (`getMany`): the session-active
 * flag, the step-up mark and, for an admin's own token, the cached permission list, which is left
 * with the principal for this request's permission check (accounts/admin-permissions-prefetch.ts).
 * Only a cache miss on the session flag costs more (the session row, then the cache is filled).
 */
export const authenticateWith = (services: AuthenticationServices) =>
  (token: string): Effect.Effect<Principal, InvalidAccessToken | SessionNotActive> =>
    Effect.flatMap(services.tokens.verify(token), (claims) => {
      const admin = claims.role === "admin" && claims.act === undefined
      const keys = admin
        ? [activeKey(claims.sid), stepUpKey(claims.sid), adminPermissionsKey(claims.sub)]
        : [activeKey(claims.sid), stepUpKey(claims.sid)]
      return Effect.flatMap(services.cache.getMany(keys), (values) =>
        Effect.flatMap(sessionIsActiveFrom(services.cache, services.sessions, claims.sid, values[0]!), (active) => {
          if (!active) return Effect.fail(new SessionNotActive({ sessionId: claims.sid }))
          return Effect.map(steppedUpUntilFrom(values[1]!), (steppedUp): Principal => {
            const principal: Principal = {
              accountKind: claims.kind,
              accountId: claims.sub,
              sessionId: claims.sid,
              role: claims.role,
              ...(claims.act === undefined ? {} : { impersonatorId: claims.act }),
              ...(steppedUp === undefined ? {} : { steppedUpUntil: steppedUp })
            }
            if (admin) rememberPrefetchedPermissions(principal, values[2]!)
            return principal
          })
        }))
    })

/** Verifies an access token and its session: the principal of an authenticated request (with its step-up window, if any). */
export const authenticate = (
  token: string
): Effect.Effect<Principal, InvalidAccessToken | SessionNotActive, AccessTokens | TtlCache | SessionRepo> =>
  Effect.gen(function*() {
    const tokens = yield* AccessTokens
    const cache = yield* TtlCache
    const sessions = yield* SessionRepo
    return yield* authenticateWith({ tokens, cache, sessions })(token)
  })

/**
 * Rotates a refresh token: single use; a concurrent second use within the grace window gets the
 * same successor; any later reuse revokes the whole family. `kinds` limits which accounts' tokens
 * this endpoint accepts (crew tokens refresh only on the crew route).
 */
export const refreshSession = Effect.fn("identity.sessions.refresh")(function*(input: {
  readonly refreshToken: string
  readonly kinds: ReadonlyArray<AccountKind>
}) {
  const repo = yield* SessionRepo
  const cache = yield* TtlCache
  const hmac = yield* Hmac
  const tokenHash = yield* hmac.digest(RefreshPurpose, input.refreshToken)
  const record = yield* repo.findRefreshToken(tokenHash)
  if (Option.isNone(record)) return yield* new RefreshTokenInvalid({ reason: "unknown refresh token" })
  const session = yield* repo.findById(record.value.sessionId)
  if (Option.isNone(session) || session.value.revokedAt !== null) {
    return yield* new RefreshTokenInvalid({ reason: "session ended" })
  }
  if (!input.kinds.includes(session.value.accountKind)) return yield* new RefreshTokenInvalid({ reason: "wrong kind of account" })
  const at = yield* now
  if (record.value.expiresAt.getTime() <= at.getTime()) return yield* new RefreshTokenInvalid({ reason: "refresh token expired" })

  const sameSuccessor = Effect.gen(function*() {
    const entry = yield* cache.get(graceKey(tokenHash))
    if (Option.isNone(entry)) return Option.none<TokenPair>()
    const grace = yield* Schema.decode(GraceEntry)(entry.value).pipe(Effect.orDie)
    const access = yield* signFor(session.value)
    return Option.some<TokenPair>({ accessToken: access.token, refreshToken: grace.refreshToken })
  })
  const reuse = Effect.gen(function*() {
    const ended = yield* repo.revokeFamily(record.value.familyId, "refresh_token_reuse", at)
    yield* markRevoked([...ended, record.value.sessionId])
    return yield* new RefreshTokenReused({ familyId: record.value.familyId })
  })

  if (record.value.usedAt !== null) {
    const same = yield* sameSuccessor
    return Option.isSome(same) ? same.value : yield* reuse
  }
  const successor = yield* newRefreshToken
  const entry = yield* Schema.encode(GraceEntry)({ refreshToken: successor.token, successorId: successor.record.id }).pipe(Effect.orDie)
  // The grace entry doubles as the rotation gate: only the caller that wrote it rotates.
  const gate = yield* cache.setIfAbsent(graceKey(tokenHash), entry, RefreshGraceMs)
  if (!gate) {
    const same = yield* sameSuccessor
    return Option.isSome(same) ? same.value : yield* reuse
  }
  const rotated = yield* repo.rotate(record.value.id, successor.record, at)
  if (!rotated) {
    yield* cache.delete(graceKey(tokenHash))
    return yield* reuse
  }
  const access = yield* signFor(session.value)
  return { accessToken: access.token, refreshToken: successor.token } satisfies TokenPair
})

/** Ends the caller's own session (logout). */
export const endSession = Effect.fn("identity.sessions.end")(function*(principal: Principal, reason = "logout") {
  const repo = yield* SessionRepo
  const ended = yield* repo.revoke(principal.sessionId, reason, yield* now)
  yield* markRevoked([principal.sessionId])
  return ended
})

/** The caller's sessions, newest first, active and revoked. */
export const listSessions = Effect.fn("identity.sessions.list")(function*(principal: Principal) {
  const repo = yield* SessionRepo
  return yield* repo.listByAccount({ kind: principal.accountKind, id: principal.accountId })
})

/** Revokes one of the caller's sessions by id. */
export const revokeSession = Effect.fn("identity.sessions.revoke")(function*(principal: Principal, sessionId: string) {
  const repo = yield* SessionRepo
  const session = yield* repo.findById(sessionId)
  if (
    Option.isNone(session) || session.value.accountKind !== principal.accountKind ||
    session.value.accountId !== principal.accountId
  ) {
    return yield* new SessionNotFound({ sessionId })
  }
  yield* repo.revoke(sessionId, "revoked", yield* now)
  yield* markRevoked([sessionId])
  return session.value
})

/** Revokes every session of the caller except the current one; returns how many ended. */
export const revokeOtherSessions = Effect.fn("identity.sessions.revokeOthers")(function*(principal: Principal) {
  const repo = yield* SessionRepo
  const ended = yield* repo.revokeAccount(
    { kind: principal.accountKind, id: principal.accountId },
    "revoked_by_other_session",
    yield* now,
    principal.sessionId
  )
  yield* markRevoked(ended)
  return ended.length
})

/**
 * Revokes every session of an account at once (suspension, ban, admin action): every later
 * request with one of its tokens is refused immediately, and its refresh tokens stop working.
 */
export const revokeAllSessions = Effect.fn("identity.sessions.revokeAll")(function*(account: AccountRef, reason: string) {
  const repo = yield* SessionRepo
  const ended = yield* repo.revokeAccount(account, reason, yield* now)
  yield* markRevoked(ended)
  return ended
})

/**
 * Revokes sessions by id whoever owns them (impersonation end, admin actions); the active-session
 * cache is overwritten at once, so their access tokens are refused on the next request.
 */
export const revokeSessionsById = Effect.fn("identity.sessions.revokeById")(function*(ids: ReadonlyArray<string>, reason: string) {
  const repo = yield* SessionRepo
  const at = yield* now
  yield* Effect.forEach(ids, (id) => repo.revoke(id, reason, at), { discard: true })
  yield* markRevoked(ids)
})
