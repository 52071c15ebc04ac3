/**
 * In-memory twins of the declaration repositories (templates, details), same visible rules as the
 * Postgres adapters: versions per name, exactly one active, the active template cannot be deleted.
 */
import { Context, Effect, Layer, Option } from "effect"
import type { DeclarationDetails, DeclarationTemplate } from "../organizers/declaration.model.js"
import { DeclarationDetailsRepo, DeclarationTemplateRepo } from "../organizers/declaration.port.js"
import { nextMemoryId } from "./sequential-id.js"


export const makeDeclarationsMemory = () => {
  const templates = new Map<string, DeclarationTemplate>()
  const details = new Map<string, DeclarationDetails>()
  const live = (id: string) => {
    const t = templates.get(id)
    return t === undefined || t.deletedAt !== null ? undefined : t
  }
  const templateRepo = DeclarationTemplateRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const version = Math.max(0, ...[...templates.values()].filter((t) => t.name === input.name).map((t) => t.version)) + 1
        const now = new Date()
        const t: DeclarationTemplate = { id: nextMemoryId(), ...input, version, isActive: false, deletedAt: null, createdAt: now, updatedAt: now }
        templates.set(t.id, t)
        return t
      }),
    list: () => Effect.sync(() => [...templates.values()].reverse()),
    findById: (id) => Effect.sync(() => Option.fromNullable(templates.get(id))),
    findActive: () => Effect.sync(() => Option.fromNullable([...templates.values()].find((t) => t.isActive && t.deletedAt === null))),
    update: (id, patch) =>
      Effect.sync(() => {
        const t = live(id)
        if (t === undefined) return Option.none()
        const next: DeclarationTemplate = { ...t, ...patch, updatedAt: new Date() }
        templates.set(id, next)
        return Option.some(next)
      }),
    activate: (id) =>
      Effect.sync(() => {
        if (live(id) === undefined) return Option.none()
        for (const t of templates.values()) if (t.isActive) templates.set(t.id, { ...t, isActive: false })
        const next = { ...templates.get(id)!, isActive: true, updatedAt: new Date() }
        templates.set(id, next)
        return Option.some(next)
      }),
    softDelete: (id) =>
      Effect.sync(() => {
        const t = live(id)
        if (t === undefined) return "missing" as const
        if (t.isActive) return "active" as const
        templates.set(id, { ...t, deletedAt: new Date() })
        return "deleted" as const
      })
  })
  const detailsRepo = DeclarationDetailsRepo.of({
    get: (organizerId) => Effect.sync(() => details.get(organizerId) ?? {}),
    merge: (organizerId, patch) =>
      Effect.sync(() => {
        const next: Record<string, string> = { ...details.get(organizerId) }
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) delete next[k]
          else if (v !== undefined) next[k] = v
        }
        details.set(organizerId, next)
        return next
      })
  })
  return { templateRepo, detailsRepo }
}

/** Declaration template and details repositories over one fresh in-memory state. */
export const DeclarationsReposMemory: Layer.Layer<DeclarationTemplateRepo | DeclarationDetailsRepo> = Layer.effectContext(Effect.sync(() => {
  const { detailsRepo, templateRepo } = makeDeclarationsMemory()
  return Context.make(DeclarationTemplateRepo, templateRepo).pipe(Context.add(DeclarationDetailsRepo, detailsRepo))
}))
