/**
 * Bib templates (C "Bib templates"): the gallery is the platform's GLOBAL templates plus the
 * caller's organizer's own. Admins (the route asks them for `events.catalog`) make GLOBAL ones and
 * may manage any; an organizer's OWNER/ADMIN makes and changes the organizer's own, its VIEWERs
 * read them; another organizer's template is not found (404), never shown.
 */
import type { BibTemplate } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { TeamRole } from "../organizers/organizer.model.js"
import { isUuid, requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { BibTemplateInputInvalid, BibTemplateNotFound, renderBibThumbnail } from "./bib-template.model.js"
import { BibTemplateRepo, type BibTemplateWrite } from "./bib-template.port.js"
import { ChallengeAccessDenied } from "./challenge.model.js"
import { isAdmin } from "./challenge.use-case.js"
import { auditSubject } from "../platform/audit-subject.js"

const Readers: ReadonlyArray<TeamRole> = ["OWNER", "ADMIN", "VIEWER"]
const Writers: ReadonlyArray<TeamRole> = ["OWNER", "ADMIN"]

/** The caller is a member of the organizer in one of `roles`: another organizer's caller gets 404, a lesser role 403. */
const requireMember = (principal: Principal, organizerId: string, roles: ReadonlyArray<TeamRole>, ref: string) =>
  Effect.gen(function*() {
    const asReader = yield* Effect.either(requireOrganizerRole(principal, organizerId, Readers))
    if (asReader._tag === "Left") return yield* new BibTemplateNotFound({ id: ref })
    if (!roles.includes(asReader.right.role as TeamRole)) return yield* new ChallengeAccessDenied({ ref })
  })

const findTemplate = (id: string) =>
  Effect.flatMap(BibTemplateRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<BibTemplate>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new BibTemplateNotFound({ id })), onSome: Effect.succeed }))
  )

const readable = Effect.fn("challenges.bibTemplates.readable")(function*(principal: Principal, id: string) {
  const t = yield* findTemplate(id)
  if (t.scope === "ORGANIZER" && !isAdmin(principal)) yield* requireMember(principal, t.organizerId ?? "", Readers, id)
  return t
})

const writable = Effect.fn("challenges.bibTemplates.writable")(function*(principal: Principal, id: string) {
  const t = yield* readable(principal, id)
  if (isAdmin(principal)) return t
  if (t.scope === "GLOBAL") return yield* new ChallengeAccessDenied({ ref: id })
  yield* requireMember(principal, t.organizerId ?? "", Writers, id)
  return t
})

const audit = (principal: Principal, action: string, t: BibTemplate) =>
  auditSubject(`challenges.bib_template.${action}`, principal, { kind: "bib_template", id: t.id }, { data: { scope: t.scope, organizerId: t.organizerId } })

export interface BibDesignInput {
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly backgroundColor?: string | undefined
  readonly textColor?: string | undefined
  readonly accentColor?: string | undefined
  readonly fontFamily?: BibTemplate["fontFamily"] | undefined
  readonly showQrCode?: boolean | undefined
  readonly sampleBibNumber?: string | undefined
  readonly sampleName?: string | undefined
}

const Defaults = { description: "", backgroundColor: "#ffffff", textColor: "#111111", accentColor: "#e63946", fontFamily: "sans-serif", showQrCode: true, sampleBibNumber: "1024", sampleName: "Asha Runner" } as const

const designOf = (base: Omit<BibTemplateWrite, "thumbnailSvg" | "thumbnailRenderedAt">, input: BibDesignInput, now: Date): BibTemplateWrite => {
  const d = {
    name: input.name ?? base.name,
    description: input.description ?? base.description,
    backgroundColor: input.backgroundColor ?? base.backgroundColor,
    textColor: input.textColor ?? base.textColor,
    accentColor: input.accentColor ?? base.accentColor,
    fontFamily: input.fontFamily ?? base.fontFamily,
    showQrCode: input.showQrCode ?? base.showQrCode,
    sampleBibNumber: input.sampleBibNumber ?? base.sampleBibNumber,
    sampleName: input.sampleName ?? base.sampleName
  }
  return { ...d, thumbnailSvg: renderBibThumbnail(d), thumbnailRenderedAt: now }
}

/** Creates a GLOBAL template (admins, without organizerId) or an organizer's own (its OWNER/ADMIN, or an admin naming it). */
export const createBibTemplate = Effect.fn("challenges.bibTemplates.create")(function*(
  principal: Principal,
  input: BibDesignInput & { readonly name: string; readonly organizerId?: string | undefined }
) {
  const admin = isAdmin(principal)
  if (input.organizerId === undefined && !admin) return yield* new BibTemplateInputInvalid({ messages: ["organizerId should not be empty"] })
  if (input.organizerId !== undefined) {
    const granted = yield* Effect.either(requireOrganizerRole(principal, input.organizerId, Writers, { platformAdmin: true }))
    if (granted._tag === "Left") return yield* new ChallengeAccessDenied({ ref: input.organizerId })
  }
  const design = designOf({ ...Defaults, name: input.name }, input, new Date())
  const created = yield* Effect.flatMap(BibTemplateRepo, (r) =>
    r.create({
      ...design,
      scope: input.organizerId === undefined ? "GLOBAL" : "ORGANIZER",
      organizerId: input.organizerId ?? null,
      createdBy: principal.accountId
    }))
  yield* audit(principal, "created", created)
  return created
})

/** The gallery: GLOBAL templates plus, with `organizerId`, that organizer's (its members; admins any). */
export const bibTemplateGallery = Effect.fn("challenges.bibTemplates.gallery")(function*(principal: Principal, organizerId: string | undefined) {
  if (organizerId !== undefined && !isAdmin(principal)) {
    const granted = yield* Effect.either(requireOrganizerRole(principal, organizerId, Readers))
    if (granted._tag === "Left") return yield* new ChallengeAccessDenied({ ref: organizerId })
  }
  return yield* Effect.flatMap(BibTemplateRepo, (r) => r.gallery(organizerId))
})

export const getBibTemplate = (principal: Principal, id: string) => readable(principal, id)

export const updateBibTemplate = Effect.fn("challenges.bibTemplates.update")(function*(principal: Principal, id: string, input: BibDesignInput) {
  const current = yield* writable(principal, id)
  const updated = yield* Effect.flatMap(BibTemplateRepo, (r) => r.update(id, designOf(current, input, new Date())))
  yield* audit(principal, "updated", updated)
  return updated
})

/** Re-renders the thumbnail, optionally with another sample bib number and name (kept for the next renders). */
export const previewBibTemplate = Effect.fn("challenges.bibTemplates.preview")(function*(
  principal: Principal,
  id: string,
  input: { readonly sampleBibNumber?: string | undefined; readonly sampleName?: string | undefined }
) {
  const current = yield* writable(principal, id)
  return yield* Effect.flatMap(BibTemplateRepo, (r) => r.update(id, designOf(current, input, new Date())))
})

export const deleteBibTemplate = Effect.fn("challenges.bibTemplates.delete")(function*(principal: Principal, id: string) {
  const current = yield* writable(principal, id)
  if (!(yield* Effect.flatMap(BibTemplateRepo, (r) => r.remove(id)))) return yield* new BibTemplateNotFound({ id })
  yield* audit(principal, "deleted", current)
  return { id, deleted: true as const }
})
