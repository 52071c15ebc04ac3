/**
 * In-memory twins of the declaration repositories (templates, details), same visible rules as the
 * Postgres adapters: versions per name, exactly one active, the active template cannot be deleted.
 */
import { Context, Effect, Layer } from "effect"
import type { DeclarationDetails, DeclarationTemplate } from "../organizers/declaration.model.js"
import { DeclarationDetailsRepo, DeclarationTemplateRepo } from "../organizers/declaration.port.js"
import { makeVersionedTemplates } from "./versioned-template.memory.js"


export const makeDeclarationsMemory = () => {
  const details = new Map<string, DeclarationDetails>()
  const templates = makeVersionedTemplates<DeclarationTemplate>()
  const templateRepo = DeclarationTemplateRepo.of({
    create: templates.create,
    list: () => Effect.sync(templates.all),
    findById: templates.findById,
    findActive: templates.findActive,
    update: templates.update,
    activate: templates.activate,
    softDelete: templates.softDelete
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
