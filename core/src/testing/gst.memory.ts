/** In-memory twins of the GST template and declaration repositories (same visible rules as Postgres). */
import { Context, Effect, Layer, Option } from "effect"
import type { GstDeclaration, GstTemplate } from "../organizers/gst.model.js"
import { GstDeclarationRepo, GstTemplateRepo } from "../organizers/gst.port.js"
import { nextMemoryId } from "./sequential-id.js"
import { makeVersionedTemplates } from "./versioned-template.memory.js"


export const makeGstMemory = () => {
  const declarations = new Map<string, GstDeclaration>()
  const templates = makeVersionedTemplates<GstTemplate>()
  const templateRepo = GstTemplateRepo.of({
    create: templates.create,
    list: (filter) =>
      Effect.sync(() =>
        templates.all().filter((t) =>
          (filter.includeDeleted === true || t.deletedAt === null) && (filter.name === undefined || t.name === filter.name) &&
          (filter.isActive === undefined || t.isActive === filter.isActive)
        )),
    findById: templates.findById,
    findActive: templates.findActive,
    activate: templates.activate,
    deactivate: templates.deactivate,
    softDelete: templates.softDelete
  })
  const currentOf = (organizerId: string) => [...declarations.values()].find((d) => d.organizerId === organizerId && d.current)
  const declarationRepo = GstDeclarationRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(declarations.get(id))),
    findCurrent: (organizerId) => Effect.sync(() => Option.fromNullable(currentOf(organizerId))),
    start: (organizerId, template, replaceable) =>
      Effect.sync(() => {
        const current = currentOf(organizerId)
        if (current !== undefined && !replaceable.includes(current.status)) return { declaration: current, started: false }
        if (current !== undefined) declarations.set(current.id, { ...current, current: false })
        const now = new Date()
        const d: GstDeclaration = {
          id: nextMemoryId(),
          organizerId,
          templateId: template?.id ?? null,
          templateVersion: template?.version ?? null,
          status: "PENDING_VARIABLES",
          variables: {},
          pdf: null,
          signedDocument: null,
          rejectReason: null,
          current: true,
          submittedAt: null,
          verifiedAt: null,
          verifiedBy: null,
          rejectedAt: null,
          createdAt: now,
          updatedAt: now
        }
        declarations.set(d.id, d)
        return { declaration: d, started: true }
      }),
    move: (id, from, patch) =>
      Effect.sync(() => {
        const d = declarations.get(id)
        if (d === undefined || !from.includes(d.status)) return Option.none()
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
        const next = { ...d, ...defined, updatedAt: new Date() } as GstDeclaration
        declarations.set(id, next)
        return Option.some(next)
      }),
    list: (filter) =>
      Effect.sync(() => {
        const all = [...declarations.values()].reverse().filter((d) => filter.status === undefined || d.status === filter.status)
        return { data: all.slice(filter.offset, filter.offset + filter.limit), total: all.length }
      }),
    countByStatus: () =>
      Effect.sync(() => {
        const counts: Record<string, number> = {}
        for (const d of declarations.values()) counts[d.status] = (counts[d.status] ?? 0) + 1
        return counts
      }),
    backfillTemplate: (template) =>
      Effect.sync(() => {
        let n = 0
        for (const d of declarations.values()) {
          if (d.templateVersion === null && (d.templateId === null || d.templateId === template.id)) {
            declarations.set(d.id, { ...d, templateId: template.id, templateVersion: template.version })
            n++
          }
        }
        return n
      }),
    deleteAll: (organizerId) =>
      Effect.sync(() => {
        let n = 0
        for (const d of [...declarations.values()]) {
          if (d.organizerId === organizerId) {
            declarations.delete(d.id)
            n++
          }
        }
        return n
      })
  })
  return { templateRepo, declarationRepo }
}

export const GstReposMemory: Layer.Layer<GstTemplateRepo | GstDeclarationRepo> = Layer.effectContext(Effect.sync(() => {
  const { declarationRepo, templateRepo } = makeGstMemory()
  return Context.make(GstTemplateRepo, templateRepo).pipe(Context.add(GstDeclarationRepo, declarationRepo))
}))
