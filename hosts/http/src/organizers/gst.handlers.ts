/** Handlers of the GST groups: admin templates, admin declaration review, the organizer's declaration. */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { CurrentPrincipal, Forbidden, OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { readUpload } from "./organizer.view.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const gstTemplateView = (t: Organizers.GstTemplate) => ({
  id: t.id,
  name: t.name,
  version: t.version,
  html: t.html,
  variables: t.variables,
  isActive: t.isActive,
  isDeleted: t.deletedAt !== null,
  deletedAt: t.deletedAt,
  createdBy: t.createdBy,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt
})

const fileInfo = (f: Organizers.StoredFile | null) => f === null ? null : { fileName: f.fileName, contentType: f.contentType, size: f.size }

export const gstDeclarationView = (d: Organizers.GstDeclaration) => ({
  id: d.id,
  organizerId: d.organizerId,
  templateId: d.templateId,
  templateVersion: d.templateVersion,
  status: d.status,
  variables: d.variables,
  pdf: fileInfo(d.pdf),
  signedDocument: fileInfo(d.signedDocument),
  rejectReason: d.rejectReason,
  onboardingCompleted: d.status === "VERIFIED",
  submittedAt: d.submittedAt,
  verifiedAt: d.verifiedAt,
  verifiedBy: d.verifiedBy,
  rejectedAt: d.rejectedAt,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt
})

const stateView = (s: Organizers.GstDeclarationState) => ({
  status: s.declaration?.status ?? "NOT_STARTED",
  declaration: s.declaration === null ? null : gstDeclarationView(s.declaration),
  template: s.template === null
    ? null
    : { id: s.template.id, name: s.template.name, version: s.template.version, html: s.template.html, variables: s.template.variables },
  missingVariables: s.missingVariables
})

const page = (result: Organizers.GstDeclarationPage, pageNo: number, limit: number) => ({
  data: result.data.map(gstDeclarationView),
  count: result.data.length,
  total: result.total,
  page: pageNo,
  pageCount: Math.max(1, Math.ceil(result.total / limit))
})

type GroupLayer<G extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", G>, never, OrganizersHandlerServices>

export const GstTemplatesHandlers: GroupLayer<"gstTemplates"> = apiGroup(EventsApi, "gstTemplates", (handlers) =>
  handlers
    .handle("listGstTemplates", ({ urlParams }) =>
      Effect.gen(function*() {
        const rows = yield* Organizers.listGstTemplates({
          ...(urlParams.name === undefined ? {} : { name: urlParams.name }),
          ...(urlParams.isActive === undefined ? {} : { isActive: urlParams.isActive === "true" }),
          includeDeleted: urlParams.includeDeleted === "true"
        })
        return rows.map(gstTemplateView)
      }))
    .handle("createGstTemplate", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstTemplateView(yield* Organizers.createGstTemplate(me, payload))
      }))
    .handle("activeGstTemplate", () =>
      Effect.gen(function*() {
        return gstTemplateView(yield* Organizers.activeGstTemplate)
      }))
    .handle("gstTemplateVersions", ({ path }) =>
      Effect.gen(function*() {
        return (yield* Organizers.gstTemplateVersions(path.name)).map(gstTemplateView)
      }))
    .handle("getGstTemplate", ({ path }) =>
      Effect.gen(function*() {
        return gstTemplateView(yield* Organizers.getGstTemplate(path.id))
      }))
    .handle("updateGstTemplate", ({ path, payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstTemplateView(yield* Organizers.updateGstTemplate(me, path.id, payload))
      }))
    .handle("deleteGstTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        yield* Organizers.deleteGstTemplate(me, path.id)
        return { id: path.id, deleted: true }
      }))
    .handle("activateGstTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstTemplateView(yield* Organizers.activateGstTemplate(me, path.id))
      }))
    .handle("deactivateGstTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstTemplateView(yield* Organizers.deactivateGstTemplate(me, path.id))
      }))
)

export const GstDeclarationsAdminHandlers: GroupLayer<"gstDeclarationsAdmin"> = apiGroup(EventsApi, "gstDeclarationsAdmin", (handlers) =>
  handlers
    .handle("listGstDeclarations", ({ urlParams }) =>
      Effect.gen(function*() {
        const pageNo = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* Organizers.listGstDeclarations({ ...(urlParams.status === undefined ? {} : { status: urlParams.status }), page: pageNo, limit })
        return page(result, pageNo, limit)
      }))
    .handle("pendingGstDeclarations", ({ urlParams }) =>
      Effect.gen(function*() {
        const pageNo = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        return page(yield* Organizers.listGstDeclarations({ status: "PENDING_VERIFICATION", page: pageNo, limit }), pageNo, limit)
      }))
    .handle("gstDeclarationStatistics", () => Organizers.gstDeclarationStatistics)
    .handle("backfillGstTemplateVersion", () =>
      Effect.flatMap(CurrentPrincipal, Organizers.backfillGstTemplateVersion))
    .handle("getGstDeclaration", ({ path }) =>
      Effect.gen(function*() {
        return gstDeclarationView(yield* Organizers.getGstDeclaration(path.id))
      }))
    .handle("gstDeclarationAuditLogs", ({ path }) =>
      Effect.gen(function*() {
        const rows = yield* Organizers.gstDeclarationAuditLogs(path.id)
        return rows.map((r) => ({
          id: r.id,
          seq: r.seq,
          occurredAt: r.occurredAt,
          action: r.action,
          actorKind: r.actorKind,
          actorId: r.actorId,
          reason: r.reason,
          data: r.data
        }))
      }))
    .handle("gstDeclarationPdf", ({ path }) =>
      Organizers.gstDeclarationFileUrl(path.id, "pdf"))
    .handle("gstDeclarationSignedDocument", ({ path }) =>
      Organizers.gstDeclarationFileUrl(path.id, "signedDocument"))
    .handle("rejectGstDeclaration", ({ path, payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstDeclarationView(yield* Organizers.rejectGstDeclaration(me, path.id, payload.reason))
      }))
    .handle("resetGstDeclarationTemplate", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstDeclarationView(yield* Organizers.resetGstDeclarationTemplate(me, path.id))
      }))
    .handle("verifyGstDeclaration", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return gstDeclarationView(yield* Organizers.verifyGstDeclaration(me, path.id))
      }))
)

export const GstDeclarationHandlers: GroupLayer<"gstDeclaration"> = apiGroup(EventsApi, "gstDeclaration", (handlers) =>
  handlers
    .handle("myGstDeclaration", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return stateView(yield* Organizers.gstDeclarationOf(access.organizerId))
      }))
    .handle("downloadGstDeclarationPdf", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const { bytes, fileName } = yield* Organizers.gstDeclarationPdf(access.organizerId)
        return HttpServerResponse.uint8Array(bytes, {
          contentType: "application/pdf",
          headers: { "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" }
        })
      }))
    .handle("fillGstDeclaration", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return stateView(yield* Organizers.fillGstDeclaration(access.principal, access.organizerId, payload.variables))
      }))
    .handle("uploadSignedGstDeclaration", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const upload = yield* readUpload(payload.file)
        return gstDeclarationView(yield* Organizers.uploadSignedGstDeclaration(access.principal, access.organizerId, upload))
      }))
    .handle("restartGstDeclaration", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return stateView(yield* Organizers.restartGstDeclaration(access.principal, access.organizerId))
      }))
    .handle("testDeleteGstDeclaration", () =>
      Effect.gen(function*() {
        const config = yield* AppConfig
        if (config.appEnv === "production") {
          return yield* new Forbidden({ code: "DISABLED_IN_PRODUCTION", message: "test-delete is disabled in production" })
        }
        const access = yield* OrganizerAccess
        return { deleted: yield* Organizers.deleteGstDeclarationsForTest(access.principal, access.organizerId) }
      }))
)
