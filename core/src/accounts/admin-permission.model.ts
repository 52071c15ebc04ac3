/**
 * Admin permissions (A 5.4: "admin permissions are editable through /v2/admin-permissions"): a
 * catalog kept as data, the wildcard `*` of super admins, and the pure checks the guards use.
 * Later issues append their keys to `AdminPermissionCatalog`; a key not in the catalog cannot be
 * granted.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export interface AdminPermissionInfo {
  readonly key: string
  readonly description: string
}

/** Every permission an admin may hold. `*` grants all of them (the first admin gets it). */
export const AdminPermissionCatalog: ReadonlyArray<AdminPermissionInfo> = [
  { key: "*", description: "Super admin: every permission, including ones added later" },
  { key: "admins.read", description: "List and read admin accounts, check handles" },
  { key: "admins.write", description: "Create, edit, replace, delete and bulk-create admin accounts" },
  { key: "admins.permissions", description: "Read and edit admins' permissions (the permission editor)" },
  { key: "admins.security", description: "Admin security actions: require or reset another admin's TOTP, end another admin's impersonation" },
  { key: "users.impersonate", description: "Impersonate an athlete (short-lived USER-role token, audited)" },
  { key: "organizers.declarations", description: "Declaration form and GST templates, GST declaration review (verify, reject)" },
  { key: "compliance.manage", description: "Data rights: erasure requests and legal holds, consent history, consent-manager status, account merges" },
  { key: "challenges.manage", description: "Challenges: review, feature, force-close and reopen any challenge, manage any creator's challenges and templates, list and revoke participations, history and statistics" },
  { key: "challenges.badges", description: "Challenge badge requests: list and read them, complete (create the badge) or reject them" },
  { key: "charities.manage", description: "Charities: register them, read them and move them through verification (UNVERIFIED, PENDING, VERIFIED)" },
  { key: "organizers.review", description: "Organizer oversight: review business KYC (approve, reject), read, suspend and unsuspend organizers" },
  { key: "platform.operate", description: "Platform operations: audit log, scheduler, observability, rate limits, platform health" },
  { key: "notifications.manage", description: "Manage notification templates, categories, journeys and mappings" },
  { key: "clubs.review", description: "Clubs: onboarding review, club KYC review, verification, club oversight (members, announcements, deactivation), run attendance, club chat moderation" },
  { key: "clubs.money", description: "Club money: RC grant review, commission overrides, payout request review and payment" },
  { key: "wallets.read", description: "Wallets: read any club's, organizer's or brand's creator wallet (balance and transactions)" },
  { key: "activities.review", description: "Activities: anti-cheat governance, flag and appeal decisions, activity audit, athletes' activity preferences and appeals" },
  { key: "activities.catalog", description: "Activities catalogue: create, change and delete gear types" },
  { key: "training.manage", description: "Training: the platform's program templates, training-plan numbers, nutrition catalogue and routes" },
  { key: "events.catalog", description: "Events catalogue: create, change and delete event categories" },
  { key: "events.review", description: "Event review: approve or reject events submitted for approval" },
  { key: "events.manage", description: "Events oversight: list and read every organizer's events, suspend, unsuspend, restore cancelled, set status, replace ids, featured events, ticket sales" },
  { key: "payments.manage", description: "Payments: the payment webhook inbox (list, read, acknowledge, cancel, replay), payment providers and gateway orders" },
  { key: "sponsors.manage", description: "Sponsors: brand approval decisions (approve, reject, suspend), brand accounts (list, add, suspend, reinstate) and their activity" },
  { key: "partners.manage", description: "Official partners: designate organizers and clubs as partners, change and remove partnerships, upload partner logos, configure the athlete exclusive partner tab" },
  { key: "payments.disputes", description: "Payments: chargebacks reported by the gateway and their defence (list, read, draft, evidence, submit, mark won/lost/expired, cancel, resolve)" },
  { key: "sponsors.review", description: "Sponsor reviews: approve or reject brands' campaigns, audience cohorts and RC grant requests (an approval credits the brand's RC wallet)" },
  { key: "promotions.manage", description: "Mobile experiences: create, change, publish, pause and archive in-app promotions, upload creatives, read their analytics and who is eligible" },
  { key: "content.manage", description: "Content pages: app FAQs, FAQs (review), privacy policies and terms (versions in force), community guidelines, KB articles" },
  { key: "platform.configure", description: "Configuration: feature flags and their audiences, platform flags and rollouts, the flag catalog and inventory, A/B tests and experiments, app version policies" }
]

export const SuperPermission = "*"

/** Permissions that keep the permission editor reachable: at least one admin must hold one. */
export const EditorPermissions: ReadonlyArray<string> = [SuperPermission, "admins.permissions"]

export const isKnownPermission = (key: string) => AdminPermissionCatalog.some((p) => p.key === key)

/** Whether a set of granted permissions covers `required` (`*` covers everything). */
export const grants = (granted: ReadonlyArray<string>, required: string) =>
  granted.includes(SuperPermission) || granted.includes(required)

/** Whether a set of granted permissions lets its holder edit permissions. */
export const holdsEditor = (granted: ReadonlyArray<string>) => EditorPermissions.some((p) => granted.includes(p))

/** Sorted, de-duplicated permission list. */
export const normalizePermissions = (keys: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(keys)].sort()

/** The calling admin lacks a permission the operation needs (403 ADMIN_PERMISSION_REQUIRED). */
export class AdminPermissionRequired extends DomainError<AdminPermissionRequired>()("AdminPermissionRequired", {
  kind: "forbidden",
  code: "ADMIN_PERMISSION_REQUIRED"
}, { permission: Schema.String }) {
  override get message() {
    return "Access Denied"
  }
}

/** The change would leave no admin able to edit permissions (409 LAST_PERMISSION_HOLDER). */
export class LastPermissionHolder extends DomainError<LastPermissionHolder>()("LastPermissionHolder", {
  kind: "conflict",
  code: "LAST_PERMISSION_HOLDER"
}) {
  override get message() {
    return "This admin is the last one who can edit permissions; grant admins.permissions to another admin first"
  }
}

/** Keys that are not in the catalog (400). */
export class UnknownPermissions extends DomainError<UnknownPermissions>()("UnknownPermissions", {
  kind: "invalid",
  messages: (e) => e.keys.map((k) => `permissions must be keys of the catalog; "${k}" is not one`)
}, { keys: Schema.Array(Schema.String) }) {}

/** An admin tried to delete their own account (409 ADMIN_CANNOT_DELETE_SELF). */
export class AdminCannotDeleteSelf extends DomainError<AdminCannotDeleteSelf>()("AdminCannotDeleteSelf", {
  kind: "conflict",
  code: "ADMIN_CANNOT_DELETE_SELF"
}) {
  override get message() {
    return "An admin cannot delete their own account"
  }
}

// ---- handles ----

/** Handle rule: 3–30 characters of lower-case letters, digits, dot and underscore. */
export const HandlePattern = /^[a-z0-9._]{3,30}$/
export const HandleRuleText = "handle must be 3 to 30 characters of lower-case letters, digits, dot or underscore"
export const isValidHandle = (handle: string) => HandlePattern.test(handle)

// ---- notification preferences ----

/** Categories of admin notifications an admin can switch off (transactional messages always go). */
export const AdminNotificationCategories = ["approvals", "payouts", "moderation", "support", "reports", "system"] as const
export type AdminNotificationCategory = (typeof AdminNotificationCategories)[number]
