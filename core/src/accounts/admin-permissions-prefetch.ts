/**
 * An admin's permissions as read together with the session checks of the same request.
 *
 * The auth guard reads the session-active flag, the step-up mark and (for an admin) the cached
 * permission list in ONE TtlCache round trip (`getMany`), and leaves the list here, attached to
 * the principal object of that request. The permission check of the same request then uses it
 * instead of reading the cache again. Nothing outlives the request: entries are keyed by the
 * principal object (a WeakMap), so no other request can see them and revocation semantics are
 * those of the shared cache entry itself (every permission change overwrites it at once).
 */
import { Option, Schema } from "effect"

/** The shared cache key of an admin's permission list (a JSON array of keys). */
export const adminPermissionsKey = (adminId: string) => `accounts:admin-permissions:${adminId}`

const decodePermissionList = Schema.decodeOption(Schema.parseJson(Schema.Array(Schema.String)))

/** Decodes a cached permission list; none when absent or unreadable. */
export const decodeCachedPermissions = (raw: Option.Option<string>): Option.Option<ReadonlyArray<string>> =>
  Option.flatMap(raw, decodePermissionList)

const prefetched = new WeakMap<object, ReadonlyArray<string>>()

/** Remembers the permission list read with `principal`'s authentication (when the cache had one). */
export const rememberPrefetchedPermissions = (principal: object, raw: Option.Option<string>): void => {
  const decoded = decodeCachedPermissions(raw)
  if (Option.isSome(decoded)) prefetched.set(principal, decoded.value)
}

/** The permission list read with this principal's authentication, if any. */
export const prefetchedPermissions = (principal: object): ReadonlyArray<string> | undefined => prefetched.get(principal)
