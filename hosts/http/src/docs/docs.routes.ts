/**
 * Discovery paths of A section 1: landing page, static reference, the contract as JSON and YAML,
 * two interactive explorers with every asset embedded (no CDN), and the /v2-filtered docs.
 */
import { HttpLayerRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { stringify } from "yaml"
import { openApiDocument, type OpenApiDocument } from "../api.js"
import { landingPage, referencePage } from "./reference.html.js"

/** The discovery routes as (method, path) pairs; the coverage report counts them as routed. */
export const DocsRoutes = [
  ["GET", "/docs"],
  ["GET", "/docs/reference"],
  ["GET", "/docs/openapi.json"],
  ["GET", "/docs/openapi.yaml"],
  ["GET", "/swagger"],
  ["GET", "/api-reference"],
  ["GET", "/v2/docs"]
] as const

/** The document restricted to versioned product routes (`/v2/...`). */
export const v2Only = (doc: OpenApiDocument): OpenApiDocument => {
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([path]) => path.startsWith("/v2/")))
  const usedTags = new Set(Object.values(paths).flatMap((item) => Object.values(item as Record<string, { tags?: Array<string> }>).flatMap((op) => op.tags ?? [])))
  return { ...doc, paths, tags: doc.tags.filter((t) => usedTags.has(t.name)) } as OpenApiDocument
}

const html = (body: string) => HttpServerResponse.html(body)

type Explorers = typeof import("./explorers.js")

/**
 * An explorer page whose module is imported on the first request: it embeds several MB of UI
 * assets, which start-up would otherwise parse and evaluate (a chunk of its own in the bundle).
 */
const explorerPage = (page: (explorers: Explorers) => Effect.Effect<HttpServerResponse.HttpServerResponse>) => {
  let loaded: Effect.Effect<HttpServerResponse.HttpServerResponse> | undefined
  return Effect.suspend(() =>
    loaded ?? Effect.flatMap(Effect.promise(() => import("./explorers.js")), (explorers) => (loaded ??= page(explorers)))
  )
}

export const DocsRoutesLive = Layer.mergeAll(
  HttpLayerRouter.use((router) =>
    Effect.gen(function*() {
      let yaml: string | undefined
      let reference: string | undefined
      let v2Reference: string | undefined
      yield* router.add("GET", "/docs", Effect.sync(() => html(landingPage(openApiDocument()))))
      yield* router.add("GET", "/docs/reference", Effect.sync(() => html(reference ??= referencePage(openApiDocument(), "/docs/openapi.json"))))
      yield* router.add("GET", "/docs/openapi.json", Effect.sync(() => HttpServerResponse.unsafeJson(openApiDocument())))
      yield* router.add(
        "GET",
        "/docs/openapi.yaml",
        Effect.sync(() => HttpServerResponse.text(yaml ??= stringify(openApiDocument()), { contentType: "application/yaml" }))
      )
      yield* router.add(
        "GET",
        "/v2/docs",
        Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
          new URL(request.url, "http://x").searchParams.get("format") === "json"
            ? HttpServerResponse.unsafeJson(v2Only(openApiDocument()))
            : html(v2Reference ??= referencePage(v2Only(openApiDocument()), "/v2/docs?format=json")))
      )
      yield* router.add("GET", "/swagger", explorerPage((e) => e.swaggerPage("/swagger", "/docs/openapi.json")))
      yield* router.add("GET", "/api-reference", explorerPage((e) => e.scalarPage("/api-reference", "/docs/openapi.json")))
    })
  )
)
