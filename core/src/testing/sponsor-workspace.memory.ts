/** In-memory twins of the sponsor workspace repositories: the same conditional stock update, key uniqueness and move table as Postgres. */
import type { SponsorInventoryItem, SponsorInventoryMovement, SponsorRcGrant, SponsorRewardGrant } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import {
  SponsorInventoryItemNotFound,
  SponsorInventoryStockShort,
  SponsorRcGrantAlreadyOpen,
  SponsorRcGrantMoves,
  SponsorRcGrantNotFound
} from "../sponsors/workspace.model.js"
import type { PageWindow as Window } from "../platform/paged.js"
import { SponsorInventoryRepo, SponsorRcGrantRepo, SponsorRewardGrantRepo } from "../sponsors/workspace.port.js"
import { nextMemoryId } from "./sequential-id.js"
import { SponsorCampaignReposMemory } from "./sponsor-campaigns.memory.js"

const pageOf = <A>(rows: ReadonlyArray<A>, w: Window) => ({ items: rows.slice(w.offset, w.offset + w.limit), total: rows.length })

export const SponsorInventoryRepoMemory = Layer.sync(SponsorInventoryRepo, () => {
  const items = new Map<string, SponsorInventoryItem>()
  const movements: Array<SponsorInventoryMovement> = []
  const owned = (brandId: string, itemId: string) => Option.fromNullable(items.get(itemId)).pipe(Option.filter((i) => i.brandId === brandId))
  return SponsorInventoryRepo.of({
    list: (brandId, w) =>
      Effect.sync(() =>
        pageOf([...items.values()].filter((i) => i.brandId === brandId).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)), w)),
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: SponsorInventoryItem = { id: nextMemoryId(), ...input, createdAt: at, updatedAt: at }
        items.set(row.id, row)
        return row
      }),
    find: (brandId, itemId) => Effect.sync(() => owned(brandId, itemId)),
    update: (brandId, itemId, patch) =>
      Effect.gen(function*() {
        const item = owned(brandId, itemId)
        if (Option.isNone(item)) return yield* new SponsorInventoryItemNotFound({ id: itemId })
        const row: SponsorInventoryItem = {
          ...item.value,
          name: patch.name ?? item.value.name,
          lowStockThreshold: patch.lowStockThreshold ?? item.value.lowStockThreshold,
          updatedAt: new Date()
        }
        items.set(itemId, row)
        return row
      }),
    applyDelta: (brandId, itemId, delta) =>
      Effect.gen(function*() {
        const item = owned(brandId, itemId)
        if (Option.isNone(item)) return yield* new SponsorInventoryItemNotFound({ id: itemId })
        if (item.value.stock + delta < 0) return yield* new SponsorInventoryStockShort({ id: itemId, stock: item.value.stock, delta })
        const row: SponsorInventoryItem = { ...item.value, stock: item.value.stock + delta, updatedAt: new Date() }
        items.set(itemId, row)
        return row
      }),
    addMovement: (m) =>
      Effect.sync(() => {
        const row: SponsorInventoryMovement = { id: nextMemoryId(), ...m, createdAt: new Date() }
        movements.push(row)
        return row
      }),
    movements: (itemId, w) => Effect.sync(() => pageOf(movements.filter((m) => m.itemId === itemId).reverse(), w))
  })
})

export const SponsorRewardGrantRepoMemory = Layer.sync(SponsorRewardGrantRepo, () => {
  const grants: Array<SponsorRewardGrant> = []
  return SponsorRewardGrantRepo.of({
    insert: (g) =>
      Effect.sync(() => {
        if (grants.some((x) => x.brandId === g.brandId && x.sequenceKey === g.sequenceKey)) return Option.none()
        const row: SponsorRewardGrant = { id: nextMemoryId(), ...g, ledgerTransferId: null, createdAt: new Date() }
        grants.push(row)
        return Option.some(row)
      }),
    findByKey: (brandId, key) => Effect.sync(() => Option.fromNullable(grants.find((x) => x.brandId === brandId && x.sequenceKey === key))),
    setLedgerTransfer: (id, transferId) =>
      Effect.sync(() => {
        const i = grants.findIndex((x) => x.id === id)
        const row: SponsorRewardGrant = { ...grants[i]!, ledgerTransferId: transferId }
        grants[i] = row
        return row
      }),
    list: (brandId, w) => Effect.sync(() => pageOf(grants.filter((x) => x.brandId === brandId).reverse(), w))
  })
})

export const SponsorRcGrantRepoMemory = Layer.sync(SponsorRcGrantRepo, () => {
  const grants: Array<SponsorRcGrant> = []
  const index = (id: string) => grants.findIndex((g) => g.id === id)
  const move = (id: string, name: "approve" | "reject", patch: Partial<SponsorRcGrant>) =>
    Effect.gen(function*() {
      const i = index(id)
      if (i < 0) return yield* new SponsorRcGrantNotFound({ id })
      const next = SponsorRcGrantMoves.transition(grants[i]!.status, name)
      if (Either.isLeft(next)) return yield* next.left
      const at = new Date()
      const row: SponsorRcGrant = { ...grants[i]!, ...patch, status: next.right, reviewedAt: at, updatedAt: at }
      grants[i] = row
      return row
    })
  return SponsorRcGrantRepo.of({
    create: (input) =>
      Effect.gen(function*() {
        if (grants.some((g) => g.brandId === input.brandId && g.status === "REQUESTED")) return yield* new SponsorRcGrantAlreadyOpen({ brandId: input.brandId })
        const at = new Date()
        const row: SponsorRcGrant = {
          id: nextMemoryId(),
          ...input,
          status: "REQUESTED",
          approvedRc: null,
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          ledgerTransferId: null,
          createdAt: at,
          updatedAt: at
        }
        grants.push(row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(grants[index(id)])),
    list: (f) =>
      Effect.sync(() => {
        const rows = grants.filter((g) => (f.brandId === undefined || g.brandId === f.brandId) && (f.status === undefined || g.status === f.status))
        return pageOf(f.oldestFirst ? rows : [...rows].reverse(), f)
      }),
    approve: (id, approvedRc, reviewedBy) => move(id, "approve", { approvedRc, reviewedBy }),
    reject: (id, reason, reviewedBy) => move(id, "reject", { rejectionReason: reason, reviewedBy }),
    setLedgerTransfer: (id, transferId) =>
      Effect.sync(() => {
        const i = index(id)
        const row: SponsorRcGrant = { ...grants[i]!, ledgerTransferId: transferId, updatedAt: new Date() }
        grants[i] = row
        return row
      })
  })
})

export const SponsorWorkspaceReposMemory = Layer.mergeAll(SponsorInventoryRepoMemory, SponsorRewardGrantRepoMemory, SponsorRcGrantRepoMemory, SponsorCampaignReposMemory)
