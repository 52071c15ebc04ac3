/** Handlers of the declaration form groups: admin templates and the organizer's form (details, PDF). */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const declarationTemplateView = (t: Organizers.DeclarationTemplate) => ({
  id: t.id,
  name: t.name,
  version: t.version,
  html: t.html,
  requiredFields: t.requiredFields,
  placeholders: Organizers.placeholdersOf(t.html),
  isActive: t.isActive,
  isDeleted: t.deletedAt !== null,
  deletedAt: t.deletedAt,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt
})

const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }

type GroupLayer<G extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", G>, never, OrganizersHandlerServices>

export const DeclarationTemplatesHandlers: GroupLayer<"declarationTemplates"> = apiGroup(EventsApi, "declarationTemplates", (handlers) =>
  handlers
    .handle("listDeclarationTemplates", () =>
      Effect.gen(function*() {
        return (yield* Organizers.listDeclarationTemplates).map(declarationTemplateView)
      }))
    .handle("createDeclarationTemplate", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const created = yield* Organizers.createDeclarationTemplate(me, {
          name: payload.name ?? "default",
          html: payload.html,
          requiredFields: [...new Set(payload.requiredFields)],
          isActive: payload.isActive ?? false
        })
        return declarationTemplateView(created)
      }))
    .handle("activeDeclarationTemplate", () =>
      Effect.gen(function*() {
        return declarationTemplateView(yield* Organizers.getActiveDeclarationTemplate)
      }))
    .handle("getDeclarationTemplate", ({ path }) =>
      Effect.gen(function*() {
        return declarationTemplateView(yield* Organizers.getDeclarationTemplate(path.id))
      }))
    .handle("updateDeclarationTemplate", ({ path, payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const updated = yield* Organizers.updateDeclarationTemplate(me, path.id, defined({
          name: payload.name,
          html: payload.html,
          requiredFields: payload.requiredFields === undefined ? undefined : [...new Set(payload.requiredFields)],
          isActive: payload.isActive
        }))
        return declarationTemplateView(updated)
      }))
    .handle("deleteDeclarationTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        yield* Organizers.deleteDeclarationTemplate(me, path.id)
        return { id: path.id, deleted: true }
      }))
    .handle("activateDeclarationTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return declarationTemplateView(yield* Organizers.activateDeclarationTemplate(me, path.id))
      }))
)

export const DeclarationFormHandlers: GroupLayer<"declarationForm"> = apiGroup(EventsApi, "declarationForm", (handlers) =>
  handlers
    .handle("getDeclarationForm", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return (yield* Organizers.declarationForm(access.organizerId)).view
      }))
    .handle("updateDeclarationFormDetails", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return yield* Organizers.updateDeclarationDetails(access.principal, access.organizerId, payload)
      }))
    .handle("downloadDeclarationForm", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const { bytes, fileName } = yield* Organizers.downloadDeclarationForm(access.principal, access.organizerId)
        return HttpServerResponse.uint8Array(bytes, {
          contentType: "application/pdf",
          headers: { "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" }
        })
      }))
)
