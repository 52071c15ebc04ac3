/**
 * The per-request checks of a guarded admin request (session active, step-up window, permission)
 * read the shared cache in one round trip once it is warm, and still see every revocation and
 * permission change on the next request.
 */
import { Accounts, Identity, Platform } from "@podium/core"
import { makeTtlCacheMemory } from "@podium/core/testing"
import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"

/** The memory cache, counting the calls that would each be a Redis round trip. */
const countingCache = () => {
  const inner = makeTtlCacheMemory()
  const calls: Array<string> = []
  const counted = <A extends Array<unknown>, B>(name: string, f: (...args: A) => B) => (...args: A) => {
    calls.push(name)
    return f(...args)
  }
  const cache: Platform.TtlCache["Type"] = {
    get: counted("get", inner.get),
    getMany: counted("getMany", inner.getMany),
    set: counted("set", inner.set),
    setIfAbsent: counted("setIfAbsent", inner.setIfAbsent),
    take: counted("take", inner.take),
    delete: counted("delete", inner.delete),
    incr: counted("incr", inner.incr),
    ttl: counted("ttl", inner.ttl)
  }
  return { cache, calls, inner }
}

const claims = (over: Partial<Identity.AccessClaims> = {}): Identity.AccessClaims => ({
  sub: "admin-1", kind: "admin", role: "admin", sid: "session-1", iat: 0, exp: 4_000_000_000, ...over
})

const setup = (permissions: ReadonlyArray<string>, tokenClaims = claims()) => {
  const { cache, calls, inner } = countingCache()
  const sessionReads: Array<string> = []
  const sessions = {
    findById: (id: string) => {
      sessionReads.push(id)
      return Effect.succeed(Option.some({ revokedAt: null }))
    }
  } as unknown as Identity.SessionRepo["Type"]
  const stored = { permissions }
  const repo = { get: () => Effect.succeed(Option.some(stored.permissions)) } as unknown as Accounts.AdminPermissionRepo["Type"]
  const tokens = { verify: () => Effect.succeed(tokenClaims) } as unknown as Identity.AccessTokens["Type"]
  const authenticate = Identity.authenticateWith({ tokens, cache, sessions })
  const requirePermission = Accounts.requireAdminPermissionWith({ cache, repo })
  const request = (permission: string) =>
    Effect.runPromise(Effect.either(Effect.flatMap(authenticate("token"), (principal) => requirePermission(principal, permission))))
  return { request, calls, inner, sessionReads, stored }
}

describe("guarded admin request: cache round trips", () => {
  it("takes one cache read (session, step-up and permissions together) once the cache is warm", async () => {
    const host = setup(["admins.read"])
    expect((await host.request("admins.read"))._tag).toBe("Right")
    host.calls.length = 0
    for (let i = 0; i < 3; i++) {
      expect((await host.request("admins.read"))._tag).toBe("Right")
    }
    expect(host.calls).toEqual(["getMany", "getMany", "getMany"])
    expect(host.sessionReads).toEqual(["session-1"])
  })

  it("refuses on the next request once the session is revoked or the permission withdrawn", async () => {
    const host = setup(["admins.read"])
    expect((await host.request("admins.read"))._tag).toBe("Right")
    // A permission change overwrites the shared entry (setAdminPermissions does this).
    await Effect.runPromise(host.inner.set("accounts:admin-permissions:admin-1", JSON.stringify(["clubs.read"]), "30 seconds"))
    expect((await host.request("admins.read"))._tag).toBe("Left")
    // A revocation overwrites the session-active flag in every process.
    await Effect.runPromise(host.inner.set("identity:session-active:session-1", "0", "60 seconds"))
    const refused = await host.request("clubs.read")
    expect(refused._tag).toBe("Left")
    expect(refused._tag === "Left" && refused.left._tag).toBe("SessionNotActive")
  })

  it("reads the permission entry only for an admin acting as itself", async () => {
    const keysRead = async (tokenClaims: Identity.AccessClaims) => {
      const inner = makeTtlCacheMemory()
      const read: Array<ReadonlyArray<string>> = []
      const cache: Platform.TtlCache["Type"] = {
        ...inner,
        getMany: (keys) => {
          read.push(keys)
          return inner.getMany(keys)
        }
      }
      const sessions = { findById: () => Effect.succeed(Option.some({ revokedAt: null })) } as unknown as Identity.SessionRepo["Type"]
      const tokens = { verify: () => Effect.succeed(tokenClaims) } as unknown as Identity.AccessTokens["Type"]
      await Effect.runPromise(Identity.authenticateWith({ tokens, cache, sessions })("token"))
      return read
    }
    expect(await keysRead(claims())).toEqual([["identity:session-active:session-1", "identity:step-up:session-1", "accounts:admin-permissions:admin-1"]])
    expect(await keysRead(claims({ act: "admin-9" }))).toEqual([["identity:session-active:session-1", "identity:step-up:session-1"]])
    expect(await keysRead(claims({ kind: "user", role: "user", sub: "user-1" }))).toEqual([["identity:session-active:session-1", "identity:step-up:session-1"]])
  })
})
