/**
 * In-memory twins of the partners repositories: one current partnership per subject, conditional
 * changes on "not removed", the same list order and filters, and the single exclusive tab.
 */
import type { OfficialPartner, PartnerExclusiveTab, PartnerLogoImage } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { OfficialPartnerExists, partnerStatus } from "../partners/partner.model.js"
import { ExclusiveTabRepo, OfficialPartnerRepo, type PartnerFields, PartnerLogoRepo } from "../partners/partner.port.js"
import { nextMemoryId } from "./sequential-id.js"

const columnsOf = (f: PartnerFields) => ({
  tier: f.tier,
  benefits: [...f.benefits],
  displayName: f.displayName,
  tagline: f.tagline,
  description: f.description,
  websiteUrl: f.websiteUrl,
  displayOrder: f.displayOrder,
  logoImageId: f.logo?.id ?? null,
  logoKey: f.logo?.key ?? null,
  logoContentType: f.logo?.contentType ?? null,
  validFrom: f.validFrom,
  validUntil: f.validUntil
})

const listOrder = (a: OfficialPartner, b: OfficialPartner) =>
  a.displayOrder - b.displayOrder || (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export const OfficialPartnerRepoMemory = Layer.sync(OfficialPartnerRepo, () => {
  const rows = new Map<string, OfficialPartner>()
  const current = (p: OfficialPartner) => p.removedAt === null
  return OfficialPartnerRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if ([...rows.values()].some((p) => current(p) && p.subjectType === input.subjectType && p.subjectId === input.subjectId)) {
          return yield* new OfficialPartnerExists({ subjectType: input.subjectType, subjectId: input.subjectId })
        }
        const at = new Date()
        const row: OfficialPartner = {
          id: nextMemoryId(),
          subjectType: input.subjectType,
          subjectId: input.subjectId,
          ...columnsOf(input),
          removedAt: null,
          removedBy: null,
          removalReason: null,
          createdBy: input.createdBy,
          updatedBy: input.createdBy,
          createdAt: at,
          updatedAt: at
        }
        rows.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    // The memory Transactor's lock already serialises the units of work that lock rows.
    lockById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    findCurrent: (subjectType, subjectId) =>
      Effect.sync(() => Option.fromNullable([...rows.values()].find((p) => current(p) && p.subjectType === subjectType && p.subjectId === subjectId))),
    currentOf: (subjectType, subjectIds) =>
      Effect.sync(() => [...rows.values()].filter((p) => current(p) && p.subjectType === subjectType && subjectIds.includes(p.subjectId))),
    update: (id, fields, updatedBy) =>
      Effect.sync(() => {
        const p = rows.get(id)
        if (p === undefined || !current(p)) return Option.none()
        const row: OfficialPartner = { ...p, ...columnsOf(fields), updatedBy, updatedAt: new Date() }
        rows.set(id, row)
        return Option.some(row)
      }),
    remove: (id, removedBy, reason) =>
      Effect.sync(() => {
        const p = rows.get(id)
        if (p === undefined || !current(p)) return Option.none()
        const at = new Date()
        const row: OfficialPartner = { ...p, removedAt: at, removedBy, removalReason: reason, updatedBy: removedBy, updatedAt: at }
        rows.set(id, row)
        return Option.some(row)
      }),
    list: (filter) =>
      Effect.sync(() => {
        const search = filter.search?.toLowerCase()
        const matching = [...rows.values()]
          .filter((p) => filter.status === undefined ? current(p) : partnerStatus(p, filter.now) === filter.status)
          .filter((p) => filter.subjectType === undefined || p.subjectType === filter.subjectType)
          .filter((p) => filter.tier === undefined || p.tier === filter.tier)
          .filter((p) => search === undefined || p.displayName.toLowerCase().includes(search))
          .sort(listOrder)
        return { items: matching.slice(filter.offset, filter.offset + filter.limit), total: matching.length }
      }),
    holding: (benefit, now) =>
      Effect.sync(() =>
        [...rows.values()]
          .filter((p) => current(p) && p.benefits.includes(benefit) && (p.validUntil === null || p.validUntil.getTime() > now.getTime()))
          .sort(listOrder)
      )
  })
})

export const PartnerLogoRepoMemory = Layer.sync(PartnerLogoRepo, () => {
  const logos = new Map<string, PartnerLogoImage>()
  return PartnerLogoRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const row: PartnerLogoImage = { ...input, id: nextMemoryId(), createdAt: new Date() }
        logos.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(logos.get(id)))
  })
})

export const ExclusiveTabRepoMemory = Layer.sync(ExclusiveTabRepo, () => {
  let tab: PartnerExclusiveTab = { enabled: false, partnerId: null, title: null, subtitle: null, version: 0, updatedBy: null, updatedAt: new Date() }
  return ExclusiveTabRepo.of({
    get: Effect.sync(() => tab),
    put: (input, updatedBy) =>
      Effect.sync(() => {
        tab = { ...input, version: tab.version + 1, updatedBy, updatedAt: new Date() }
        return tab
      })
  })
})

export const PartnersReposMemory = Layer.mergeAll(OfficialPartnerRepoMemory, PartnerLogoRepoMemory, ExclusiveTabRepoMemory)
