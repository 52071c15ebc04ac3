/**
 * Organizer accounts: admin create/list/read/update/delete/toggle, the public create-if-not-exists,
 * the verified create (the signed-in athlete's phone is the proof and becomes the OWNER), the
 * caller's memberships and onboarding status, and the public profile. Every change appends an
 * audit row (actor, organizer, action).
 */
import { Effect, Either, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ImageRule, type Upload, type UploadRule } from "../media/file-type.model.js"
import { putUpload } from "../media/stored-file.js"
import { actorOf, type AuditExtra, auditSubject } from "../platform/audit-subject.js"
import { type ListParams, type ListQuery, type ListSpec, parseListQuery } from "../platform/list-query.model.js"
import {
  type ApprovalStatus,
  type Organizer,
  OrganizerInputInvalid,
  type OrganizerLinks,
  OrganizerNotFound,
  OrganizerStateConflict
} from "./organizer.model.js"
import { type NewOrganizer, type OrganizerPatch, OrganizerRepo, TeamRepo } from "./organizer.port.js"
import { isUuid, personOf } from "./tenancy.policy.js"

/** Who did it, for the audit row (kept here for the organizer use cases that import it). */
export { actorOf }

/** Appends the audit row of an organizer change. */
export const auditOrganizer = (action: string, principal: Principal | undefined, organizerId: string, extra: AuditExtra = {}) =>
  auditSubject(action, principal, { kind: "organizer", id: organizerId }, extra).pipe(Effect.asVoid)

/** Validates an upload against its rule and stores it under the organizer's prefix. */
export const storeUpload = Effect.fn("organizers.files.store")(function*(
  _organizerId: string,
  field: string,
  upload: Upload,
  rule: UploadRule
) {
  const checked = checkUpload(field, upload, rule)
  if ("error" in checked) return yield* new OrganizerInputInvalid({ messages: [checked.error] })
  // Unguessable and short (media tokens embed the key): `o/<128 random bits>.<ext>`.
  return yield* putUpload("o", field, upload, rule)
})

/** Checks uploads before anything is written, so a bad file never leaves a half-made organizer. */
const precheck = (uploads: ReadonlyArray<readonly [string, Upload | undefined, UploadRule]>) => {
  const messages = uploads.flatMap(([field, upload, rule]) => {
    if (upload === undefined) return []
    const checked = checkUpload(field, upload, rule)
    return "error" in checked ? [checked.error] : []
  })
  return messages.length > 0 ? Effect.fail(new OrganizerInputInvalid({ messages })) : Effect.void
}

/** What the admin organizer list lets clients filter and sort. */
export const OrganizerListSpec: ListSpec = {
  fields: {
    id: "uuid",
    name: "string",
    slug: "string",
    phoneNumber: "string",
    email: "string",
    companyName: "string",
    commission: "number",
    isActive: "boolean",
    approvalStatus: "string",
    city: "string",
    state: "string",
    createdAt: "date",
    updatedAt: "date"
  },
  defaultSort: [{ field: "createdAt", order: "DESC" }],
  searchable: ["name", "companyName", "email", "phoneNumber"]
}

export interface CreateOrganizerInput {
  readonly name: string
  readonly phoneNumber: string | null
  readonly email: string | null
  readonly companyName: string | null
  readonly commission?: number | null
  readonly isActive?: boolean
  readonly approvalStatus?: ApprovalStatus
  readonly reviewReason?: string | null
  readonly logo?: Upload | undefined
}

const createWithLogo = (
  input: CreateOrganizerInput,
  owner: { readonly phoneNumber: string | null; readonly email: string | null; readonly userId: string | null },
  principal: Principal | undefined,
  action: string
) =>
  Effect.gen(function*() {
    yield* precheck([["companyLogoFile", input.logo, ImageRule]])
    const repo = yield* OrganizerRepo
    const base: NewOrganizer = {
      name: input.name,
      phoneNumber: input.phoneNumber,
      email: input.email,
      companyName: input.companyName,
      ...(input.commission === undefined ? {} : { commission: input.commission }),
      ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      ...(input.approvalStatus === undefined ? {} : { approvalStatus: input.approvalStatus }),
      ...(input.reviewReason === undefined ? {} : { reviewReason: input.reviewReason })
    }
    let organizer = yield* repo.create(base, owner)
    if (input.logo !== undefined) {
      const logo = yield* storeUpload(organizer.id, "companyLogoFile", input.logo, ImageRule)
      organizer = Option.getOrElse(yield* repo.update(organizer.id, { logo }), () => organizer)
    }
    yield* auditOrganizer(action, principal, organizer.id, { data: { name: organizer.name } })
    return organizer
  })

/** Admin create (A 4.8 `POST /v2/organizers`): the organizer and an OWNER with its phone/e-mail. */
export const createOrganizer = Effect.fn("organizers.create")(function*(principal: Principal, input: CreateOrganizerInput) {
  return yield* createWithLogo(input, { phoneNumber: input.phoneNumber, email: input.email, userId: null }, principal, "organizer.created")
})

/**
 * Public create-if-not-exists: answers the existing organizer registered with this phone number,
 * or creates one (PENDING approval) whose OWNER is that phone. `created` tells which.
 */
export const createOrganizerIfNotExists = Effect.fn("organizers.createIfNotExists")(function*(input: CreateOrganizerInput & { readonly phoneNumber: string }) {
  const repo = yield* OrganizerRepo
  const existing = yield* repo.findByPhone(input.phoneNumber)
  if (Option.isSome(existing)) return { organizer: existing.value, created: false }
  const organizer = yield* createWithLogo(
    { ...input, approvalStatus: "PENDING" },
    { phoneNumber: input.phoneNumber, email: input.email, userId: null },
    undefined,
    "organizer.created.public"
  )
  return { organizer, created: true }
})

/**
 * Verified create: the signed-in athlete's phone is the proof (no second code); they become the
 * OWNER (linked to their account), so that phone then signs in with role organizer.
 */
export const createOrganizerVerified = Effect.fn("organizers.createVerified")(function*(
  principal: Principal,
  input: Omit<CreateOrganizerInput, "phoneNumber">
) {
  const user = principal.accountKind === "user"
    ? yield* Effect.flatMap(UserRepo, (r) => r.findById(principal.accountId))
    : Option.none()
  if (Option.isNone(user) || user.value.phoneNumber === null) {
    return yield* new OrganizerStateConflict({ code: "VERIFIED_PHONE_REQUIRED", message: "A signed-in athlete with a verified phone number is required" })
  }
  const phoneNumber = user.value.phoneNumber
  const repo = yield* OrganizerRepo
  const existing = yield* repo.findByPhone(phoneNumber)
  if (Option.isSome(existing)) return { organizer: existing.value, created: false }
  const organizer = yield* createWithLogo(
    { ...input, phoneNumber, approvalStatus: "PENDING" },
    { phoneNumber, email: input.email ?? user.value.email, userId: user.value.id },
    principal,
    "organizer.created.verified"
  )
  return { organizer, created: true }
})

export const getOrganizer = Effect.fn("organizers.get")(function*(id: string) {
  if (!isUuid(id)) return yield* new OrganizerNotFound({ organizerId: id })
  const found = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(id))
  if (Option.isNone(found)) return yield* new OrganizerNotFound({ organizerId: id })
  return found.value
})

/** Parses the admin list query of organizers against its whitelist; a refused query is this context's 400 with its messages. */
export const parseOrganizerListQuery = (params: ListParams): Either.Either<ListQuery, OrganizerInputInvalid> =>
  Either.mapLeft(parseListQuery(OrganizerListSpec, params), (e) => new OrganizerInputInvalid({ messages: e.messages }))

export const listOrganizers = (query: ListQuery) => Effect.flatMap(OrganizerRepo, (r) => r.list(query))

export interface UpdateOrganizerInput extends Omit<OrganizerPatch, "logo" | "banner" | "links"> {
  /** `links` as JSON text (A 2.2). */
  readonly links?: string
  readonly logo?: Upload | undefined
  readonly banner?: Upload | undefined
}

const LinkKeys = ["website", "youtube", "instagram"] as const

/** Parses the `links` JSON text: an object with optional http(s) URLs under website, youtube, instagram. */
export const parseLinks = (text: string): OrganizerLinks | string => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return "links must be a JSON object text"
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "links must be a JSON object text"
  const out: Record<string, string> = {}
  for (const [key, v] of Object.entries(value)) {
    if (!(LinkKeys as ReadonlyArray<string>).includes(key)) return `links must only contain ${LinkKeys.join(", ")}`
    if (v === null || v === "") continue
    if (typeof v !== "string" || v.length > 500 || !/^https?:\/\/[^\s]+$/i.test(v)) return `links.${key} must be an http(s) URL`
    out[key] = v
  }
  return out
}

/** Update (`PATCH /v2/organizers/{id}`): only supplied fields change; files replace the old ones. */
export const updateOrganizer = Effect.fn("organizers.update")(function*(principal: Principal, id: string, input: UpdateOrganizerInput) {
  const current = yield* getOrganizer(id)
  const messages: Array<string> = []
  let links: OrganizerLinks | undefined
  if (input.links !== undefined) {
    const parsed = parseLinks(input.links)
    if (typeof parsed === "string") messages.push(parsed)
    else links = parsed
  }
  if (messages.length > 0) return yield* new OrganizerInputInvalid({ messages })
  yield* precheck([["companyLogoFile", input.logo, ImageRule], ["companyBannerFile", input.banner, ImageRule]])
  const { logo: logoUpload, banner: bannerUpload, links: _links, ...fields } = input
  const logo = logoUpload === undefined ? undefined : yield* storeUpload(id, "companyLogoFile", logoUpload, ImageRule)
  const banner = bannerUpload === undefined ? undefined : yield* storeUpload(id, "companyBannerFile", bannerUpload, ImageRule)
  const patch: OrganizerPatch = {
    ...fields,
    ...(links === undefined ? {} : { links }),
    ...(logo === undefined ? {} : { logo }),
    ...(banner === undefined ? {} : { banner })
  }
  const updated = yield* Effect.flatMap(OrganizerRepo, (r) => r.update(id, patch))
  if (Option.isNone(updated)) return yield* new OrganizerNotFound({ organizerId: id })
  const blobs = yield* BlobStore
  if (logo !== undefined && current.logo !== null) yield* blobs.remove(current.logo.key)
  if (banner !== undefined && current.banner !== null) yield* blobs.remove(current.banner.key)
  yield* auditOrganizer("organizer.updated", principal, id, { data: { fields: Object.keys(patch).sort() } })
  return updated.value
})

export const deleteOrganizer = Effect.fn("organizers.delete")(function*(principal: Principal, id: string) {
  if (!isUuid(id) || !(yield* Effect.flatMap(OrganizerRepo, (r) => r.remove(id)))) {
    return yield* new OrganizerNotFound({ organizerId: id })
  }
  yield* auditOrganizer("organizer.deleted", principal, id)
})

export const toggleOrganizer = Effect.fn("organizers.toggle")(function*(principal: Principal, id: string) {
  const toggled = isUuid(id) ? yield* Effect.flatMap(OrganizerRepo, (r) => r.toggle(id)) : Option.none<Organizer>()
  if (Option.isNone(toggled)) return yield* new OrganizerNotFound({ organizerId: id })
  yield* auditOrganizer("organizer.toggled", principal, id, { data: { isActive: toggled.value.isActive } })
  return toggled.value
})

/** The caller's organizer memberships (ACTIVE and INVITED) with their roles. */
export const myMemberships = Effect.fn("organizers.memberships.mine")(function*(principal: Principal) {
  const person = yield* personOf(principal)
  if (Option.isNone(person)) return []
  return yield* Effect.flatMap(TeamRepo, (r) => r.membershipsOf(person.value))
})

export interface OnboardingStatus {
  readonly hasOrganizer: boolean
  readonly organizerId: string | null
  readonly approvalStatus: ApprovalStatus | null
  readonly profileComplete: boolean
  readonly missingProfileFields: ReadonlyArray<string>
  readonly steps: ReadonlyArray<{ readonly step: string; readonly done: boolean }>
  /** The next step to take, or `done`. */
  readonly nextStep: string
}

/**
 * Onboarding journey of the caller's (default) organizer: account created → profile completed →
 * approved. Later steps (business KYC, declaration) join this list as they are built.
 */
export const onboardingStatus = Effect.fn("organizers.onboarding.status")(function*(principal: Principal) {
  const memberships = (yield* myMemberships(principal)).filter((m) => m.member.status === "ACTIVE")
  const first = memberships[0]
  if (first === undefined) {
    const none: OnboardingStatus = {
      hasOrganizer: false,
      organizerId: null,
      approvalStatus: null,
      profileComplete: false,
      missingProfileFields: [],
      steps: [{ step: "create_organizer", done: false }],
      nextStep: "create_organizer"
    }
    return none
  }
  const organizer = yield* getOrganizer(first.member.organizerId)
  const missing = [
    ["companyName", organizer.companyName],
    ["email", organizer.email],
    ["companyLogoFile", organizer.logo],
    ["city", organizer.city],
    ["state", organizer.state]
  ].filter(([, v]) => v === null || v === "").map(([k]) => k as string)
  const steps = [
    { step: "create_organizer", done: true },
    { step: "complete_profile", done: missing.length === 0 },
    { step: "admin_approval", done: organizer.approvalStatus === "APPROVED" }
  ]
  const status: OnboardingStatus = {
    hasOrganizer: true,
    organizerId: organizer.id,
    approvalStatus: organizer.approvalStatus,
    profileComplete: missing.length === 0,
    missingProfileFields: missing,
    steps,
    nextStep: steps.find((s) => !s.done)?.step ?? "done"
  }
  return status
})

/** The public organization profile by id or slug; inactive, suspended or deleted organizers are not shown. */
export const publicProfile = Effect.fn("organizers.profile.public")(function*(idOrSlug: string) {
  const repo = yield* OrganizerRepo
  const found = yield* repo.findByIdOrSlug(idOrSlug)
  if (Option.isNone(found) || !found.value.isActive || found.value.approvalStatus === "SUSPENDED") {
    return yield* new OrganizerNotFound({ organizerId: idOrSlug })
  }
  return { organizer: found.value, followers: yield* repo.followerCount(found.value.id) }
})

/** Idempotent follow/unfollow of a public organization by an athlete. */
export const followOrganization = Effect.fn("organizers.follow")(function*(principal: Principal, idOrSlug: string, on: boolean) {
  if (principal.accountKind !== "user") {
    return yield* new OrganizerStateConflict({ code: "ATHLETES_ONLY", message: "Only athletes follow organizations" })
  }
  const { organizer } = yield* publicProfile(idOrSlug)
  const followers = yield* Effect.flatMap(OrganizerRepo, (r) => r.follow(organizer.id, principal.accountId, on))
  return { organizerId: organizer.id, following: on, followers }
})
