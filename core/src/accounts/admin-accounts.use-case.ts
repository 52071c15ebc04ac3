/**
 * Admin account management (A 4.5): the admin CRUD resource on the generic CRUD piece, handle
 * checks, the permission editor with the last-editor rule, permission checks for the guards, and
 * per-admin notification preferences (stored where the notification sender reads them).
 */
import { Context, Effect, Option } from "effect"
import { revokeAllSessions } from "../identity/session.use-case.js"
import { PreferenceRepo } from "../notifications/outbox.port.js"
import type { UserPreferences } from "../notifications/preference.model.js"
import { Channels, type Channel } from "../notifications/channels.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { type CrudResource, ResourceNotFound } from "../platform/crud.port.js"
import { TtlCache } from "../platform/ttl-cache.port.js"
import { AdminCrudRepo, AdminPermissionRepo, type AdminRecord } from "./admin-accounts.port.js"
import { adminPermissionsKey, decodeCachedPermissions, prefetchedPermissions } from "./admin-permissions-prefetch.js"
import {
  AdminCannotDeleteSelf,
  AdminNotificationCategories,
  AdminPermissionRequired,
  grants,
  isKnownPermission,
  isValidHandle,
  normalizePermissions,
  UnknownPermissions
} from "./admin-permission.model.js"

/** The admins collection on the generic CRUD piece (A 2.2 list query whitelist; bulk cap 100). */
export const AdminResource: CrudResource = {
  name: "admin",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      phoneNumber: "string",
      email: "string",
      firstName: "string",
      lastName: "string",
      handle: "string",
      status: "string",
      totpEnabledAt: "date",
      totpRequiredAt: "date",
      createdAt: "date",
      updatedAt: "date"
    },
    joins: ["permissions"],
    searchable: ["firstName", "lastName", "email", "phoneNumber", "handle"],
    defaultSort: [{ field: "createdAt", order: "ASC" }],
    defaultLimit: 25,
    maxLimit: 100
  }
}

// ---- permissions ----

const PermissionsCacheMs = 30_000
const permissionsKey = adminPermissionsKey

/**
 * The admin's permissions from the cache, else the store (then cached). A plain effect without a
 * span: it runs on every guarded admin request (requirePermission), where a span would copy the
 * request's whole context for a cache read.
 */
const permissionsOf = (adminId: string): Effect.Effect<ReadonlyArray<string>, never, TtlCache | AdminPermissionRepo> =>
  Effect.flatMap(TtlCache, (cache) =>
    Effect.flatMap(cache.get(permissionsKey(adminId)), (cached) => {
      const decoded = decodeCachedPermissions(cached)
      if (Option.isSome(decoded)) return Effect.succeed(decoded.value)
      return Effect.gen(function*() {
        const stored = yield* Effect.flatMap(AdminPermissionRepo, (repo) => repo.get(adminId))
        const permissions = Option.getOrElse(stored, () => [] as ReadonlyArray<string>)
        yield* cache.set(permissionsKey(adminId), JSON.stringify(permissions), PermissionsCacheMs)
        return permissions
      })
    }))

/** The admin's permissions, cached briefly (every change overwrites the entry at once). */
export const adminPermissions = Effect.fn("accounts.admins.permissions")(function*(adminId: string) {
  return yield* permissionsOf(adminId)
})

/**
 * Succeeds when the admin holds `permission` (or `*`), else AdminPermissionRequired. The per-request
 * check of the permission guard: no span (see permissionsOf).
 */
export const requireAdminPermission = (
  adminId: string,
  permission: string
): Effect.Effect<void, AdminPermissionRequired, TtlCache | AdminPermissionRepo> =>
  Effect.flatMap(permissionsOf(adminId), (granted) =>
    grants(granted, permission) ? Effect.void : Effect.fail(new AdminPermissionRequired({ permission })))

/**
 * The permission check of a request's principal, with its services given once (the guard resolves
 * them when its layer is built, so a request provides no context): uses the permission list the
 * auth guard read in the same round trip as the session checks (admin-permissions-prefetch.ts),
 * else reads it like `requireAdminPermission` (cache, then the store).
 */
export const requireAdminPermissionWith = (services: { readonly cache: TtlCache["Type"]; readonly repo: AdminPermissionRepo["Type"] }) => {
  const context = Context.make(TtlCache, services.cache).pipe(Context.add(AdminPermissionRepo, services.repo))
  return (principal: { readonly accountId: string }, permission: string): Effect.Effect<void, AdminPermissionRequired> => {
    const granted = prefetchedPermissions(principal)
    if (granted === undefined) return Effect.provide(requireAdminPermission(principal.accountId, permission), context)
    return grants(granted, permission) ? Effect.void : Effect.fail(new AdminPermissionRequired({ permission }))
  }
}

/** The permission editor list: every admin with their permissions. */
export const listAdminPermissions = Effect.flatMap(AdminPermissionRepo, (repo) => repo.listAll)

/** One admin's permissions record. */
export const getAdminPermissions = Effect.fn("accounts.admins.getPermissions")(function*(adminId: string) {
  const admin = yield* Effect.flatMap(AdminCrudRepo, (repo) => repo.get(adminId))
  if (Option.isNone(admin)) return yield* new ResourceNotFound({ resource: "admin", id: adminId })
  return admin.value
})

/**
 * Replaces an admin's permissions: keys must be in the catalog; the change may not leave the
 * system without an admin able to edit permissions (LastPermissionHolder). Audited.
 */
export const setAdminPermissions = Effect.fn("accounts.admins.setPermissions")(function*(input: {
  readonly actorId: string
  readonly adminId: string
  readonly permissions: ReadonlyArray<string>
  readonly correlationId?: string | undefined
}) {
  const unknown = input.permissions.filter((k) => !isKnownPermission(k))
  if (unknown.length > 0) return yield* new UnknownPermissions({ keys: unknown })
  const repo = yield* AdminPermissionRepo
  const before = yield* adminPermissions(input.adminId)
  const next = normalizePermissions(input.permissions)
  const updated = yield* repo.set(input.adminId, next)
  if (Option.isNone(updated)) return yield* new ResourceNotFound({ resource: "admin", id: input.adminId })
  yield* Effect.flatMap(TtlCache, (cache) => cache.set(permissionsKey(input.adminId), JSON.stringify(next), PermissionsCacheMs))
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "admin.permissions.changed",
      actor: { kind: "admin", id: input.actorId },
      subject: { kind: "admin", id: input.adminId },
      ...(input.correlationId === undefined ? {} : { correlationId: input.correlationId }),
      data: { before: [...before], after: [...next] }
    }))
  return updated.value
})

// ---- delete ----

/**
 * Deletes an admin account (hard delete: the row and its permissions go, audit rows keep the
 * facts): an admin cannot delete themselves, the last permission editor cannot be deleted, and
 * every session of the deleted admin is revoked at once.
 */
export const deleteAdminAccount = Effect.fn("accounts.admins.delete")(function*(input: {
  readonly actorId: string
  readonly adminId: string
  readonly correlationId?: string | undefined
}) {
  if (input.actorId === input.adminId) return yield* new AdminCannotDeleteSelf()
  const existing = yield* Effect.flatMap(AdminCrudRepo, (repo) => repo.get(input.adminId))
  if (Option.isNone(existing)) return yield* new ResourceNotFound({ resource: "admin", id: input.adminId })
  const deleted = yield* Effect.flatMap(AdminPermissionRepo, (repo) => repo.deleteAdmin(input.adminId))
  if (!deleted) return yield* new ResourceNotFound({ resource: "admin", id: input.adminId })
  yield* Effect.flatMap(TtlCache, (cache) => cache.set(permissionsKey(input.adminId), "[]", PermissionsCacheMs))
  const revoked = yield* revokeAllSessions({ kind: "admin", id: input.adminId }, "account_deleted")
  const a = existing.value
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "admin.deleted",
      actor: { kind: "admin", id: input.actorId },
      subject: { kind: "admin", id: input.adminId },
      ...(input.correlationId === undefined ? {} : { correlationId: input.correlationId }),
      data: { phoneNumber: a.phoneNumber, email: a.email, handle: a.handle, permissions: [...a.permissions], sessionsRevoked: revoked.length }
    }))
  return a
})

// ---- handles ----

export interface HandleCheck {
  readonly handle: string
  readonly valid: boolean
  readonly available: boolean
  readonly message: string
}

/** Whether a handle follows the rule and is free. */
export const checkAdminHandle = Effect.fn("accounts.admins.checkHandle")(function*(handle: string) {
  if (!isValidHandle(handle)) {
    return { handle, valid: false, available: false, message: "handle must be 3 to 30 characters of lower-case letters, digits, dot or underscore" } satisfies HandleCheck
  }
  const repo = yield* AdminCrudRepo
  const taken = yield* repo.list({
    fields: undefined,
    where: { _tag: "Cond", condition: { field: "handle", operator: "$eq", value: handle } },
    sort: [],
    joins: [],
    limit: 1,
    offset: 0,
    page: 1,
    resetCache: true
  })
  const available = taken.total === 0
  return { handle, valid: true, available, message: available ? "Handle is available" : "Handle is already taken" } satisfies HandleCheck
})

/** The admin with this handle. */
export const findAdminByHandle = Effect.fn("accounts.admins.findByHandle")(function*(handle: string) {
  const repo = yield* AdminCrudRepo
  const found = isValidHandle(handle)
    ? yield* repo.list({
      fields: undefined,
      where: { _tag: "Cond", condition: { field: "handle", operator: "$eq", value: handle } },
      sort: [],
      joins: [],
      limit: 1,
      offset: 0,
      page: 1,
      resetCache: true
    })
    : { data: [] as ReadonlyArray<AdminRecord> }
  const admin = found.data[0]
  if (admin === undefined) return yield* new ResourceNotFound({ resource: "admin", id: handle })
  return admin
})

// ---- notification preferences ----

/** An admin's notification preferences with every channel and category resolved (missing = enabled). */
export interface AdminNotificationPreferences {
  readonly channels: Readonly<Record<Channel, boolean>>
  readonly categories: Readonly<Record<string, boolean>>
}

const resolvePreferences = (stored: UserPreferences): AdminNotificationPreferences => ({
  channels: Object.fromEntries(Channels.map((c) => [c, stored.channels[c] !== false])) as Record<Channel, boolean>,
  categories: Object.fromEntries(AdminNotificationCategories.map((c) => [c, stored.categories[c] !== false]))
})

/**
 * The calling admin's notification preferences. They are stored in the notification engine's
 * preference store under the admin's id, so the delivery loop honours them for every outbox row
 * addressed to that admin (`userId` = admin id).
 */
export const getAdminNotificationPreferences = Effect.fn("accounts.admins.getNotificationPreferences")(function*(adminId: string) {
  return resolvePreferences(yield* Effect.flatMap(PreferenceRepo, (repo) => repo.get(adminId)))
})

/** Changes only the given channel and category switches. */
export const updateAdminNotificationPreferences = Effect.fn("accounts.admins.updateNotificationPreferences")(function*(
  adminId: string,
  patch: { readonly channels?: Partial<Record<Channel, boolean>>; readonly categories?: Partial<Record<string, boolean>> }
) {
  const clean = <K extends string>(r: Partial<Record<K, boolean>> | undefined) =>
    Object.fromEntries(Object.entries(r ?? {}).filter(([, v]) => typeof v === "boolean")) as Record<string, boolean>
  const stored = yield* Effect.flatMap(PreferenceRepo, (repo) =>
    repo.update(adminId, { channels: clean(patch.channels), categories: clean(patch.categories) }))
  return resolvePreferences(stored)
})

/** Every admin CRUD port, for hosts that compose them. */
export type AdminAccountsPorts = AdminCrudRepo | AdminPermissionRepo
