/**
 * The served API: one HttpApi per area (ARCHITECTURE.md section 5), merged only at runtime for the
 * OpenAPI document so the giant union type is never computed.
 */
import { HttpApi, type HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { ActivitiesApi } from "@podium/contracts/activities"
import { AthletesApi } from "@podium/contracts/athletes"
import { ClubsApi } from "@podium/contracts/clubs"
import { AllPublicErrors, Unprocessable, ValidationWire } from "@podium/contracts/common"
import { Schema } from "effect"
import { ComplianceApi } from "@podium/contracts/compliance"
import { EventsApi } from "@podium/contracts/events"
import { IdentityApi } from "@podium/contracts/identity"
import { MoneyApi } from "@podium/contracts/money"
import { NotificationsApi, NotificationsDevApi } from "@podium/contracts/notifications"
import { PlatformApi } from "@podium/contracts/platform"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { ResultsApi } from "@podium/contracts/results"
import { TrainingApi } from "@podium/contracts/training"
import { withAuthorizationDescriptions } from "./identity/authorization.js"
import { enrichOpenApi } from "./openapi.enrich.js"
import { toOpenApi30 } from "./openapi30.js"

/** Every area API, in the order their tags appear in the docs. */
export const AreaApis: ReadonlyArray<HttpApi.HttpApi.Any> = [
  PlatformApi,
  IdentityApi,
  EventsApi,
  RegistrationsApi,
  ResultsApi,
  AthletesApi,
  ActivitiesApi,
  TrainingApi,
  ClubsApi,
  MoneyApi,
  NotificationsApi,
  // Documented everywhere (its description says development-only) but routed only outside production.
  NotificationsDevApi,
  ComplianceApi
]

/** Operations whose bearer token is optional (`OptionalAuthenticated`), by OpenAPI operation id. */
const tokenOptionalOperations = (): ReadonlySet<string> => {
  const ids = new Set<string>()
  for (const area of AreaApis) {
    HttpApi.reflect(area as HttpApi.HttpApi<string, HttpApiGroup.HttpApiGroup.Any>, {
      onGroup: () => {},
      onEndpoint: ({ endpoint, group, middleware }) => {
        if ([...middleware].some((tag) => tag.key === "OptionalAuthenticated")) ids.add(group.topLevel ? endpoint.name : `${group.identifier}.${endpoint.name}`)
      }
    })
  }
  return ids
}

/**
 * The merged API as documentation sees it. Schema failures are answered by the host in the
 * validation shape (see middleware.ts), so the framework's own decode-error schema is replaced
 * by that shape here, beside the standard error envelopes; routing never uses this object.
 */
const makeDocsApi = (): HttpApi.HttpApi.Any => {
  // biome-ignore lint/suspicious/noExplicitAny: the merged type is the giant union we deliberately never compute
  let merged: any = HttpApi.make("podium")
  // Merging keys groups by identifier: a name two areas share would silently drop one area's
  // operations from the document (the routes would still be served, undocumented).
  const owners = new Map<string, number>()
  for (const [index, area] of AreaApis.entries()) {
    HttpApi.reflect(area as HttpApi.HttpApi<string, HttpApiGroup.HttpApiGroup.Any>, {
      onGroup: ({ group }) => {
        const owner = owners.get(group.identifier)
        if (owner !== undefined && owner !== index) throw new Error(`API group identifier "${group.identifier}" is used by two areas; rename one`)
        owners.set(group.identifier, index)
      },
      onEndpoint: () => {}
    })
  }
  // Each operation's description ends with the authorization its contract declares.
  for (const area of AreaApis) merged = merged.addHttpApi(withAuthorizationDescriptions(area))
  merged = merged
    // One source for both documents: the explorers read this 3.1 form, the download its 3.0 rewrite.
    .annotate(OpenApi.Transform, (spec: OpenApi.OpenAPISpec) => enrichOpenApi(spec, { tokenOptional: tokenOptionalOperations() }))
    .annotate(OpenApi.Title, "Podium API")
    .annotate(OpenApi.Version, "v2")
    .annotate(
      OpenApi.Description,
      "Backend of the Podium sports and fitness community platform. Success responses use the envelope {status, statusText, message, data}; errors use {status, statusText, message, data: null}; validation failures answer 400 with message as the list of every failing field's message. Properties a request body does not declare are ignored: never stored, never echoed."
    )
  const copy = Object.assign(Object.create(Object.getPrototypeOf(merged)), merged)
  // Every area declares the same standard errors (AreaApi); documented once per status, as envelopes.
  copy.errorSchema = HttpApiSchema.UnionUnify(
    ValidationWire.annotations({ ...HttpApiSchema.annotations({ status: 400 }), identifier: "ValidationErrorEnvelope" }),
    Schema.Union(...AllPublicErrors, Unprocessable.wire)
  )
  return copy
}

let docsApi: HttpApi.HttpApi.Any | undefined
export const getDocsApi = (): HttpApi.HttpApi.Any => (docsApi ??= makeDocsApi())

export type OpenApiDocument = OpenApi.OpenAPISpec

/** The 3.1 document the explorers are built from (the 3.0 download is its rewrite). */
export const openApi31Document = (): OpenApiDocument => OpenApi.fromApi(getDocsApi() as unknown as HttpApi.HttpApi<string, never>)

let openApi: OpenApiDocument | undefined
/** The OpenAPI 3.0 document, generated once per process from the route definitions. */
export const openApiDocument = (): OpenApiDocument =>
  (openApi ??= toOpenApi30(OpenApi.fromApi(getDocsApi() as unknown as HttpApi.HttpApi<string, never>)))
