/**
 * The two interactive explorers (Swagger UI at /swagger, Scalar at /api-reference), set up for an
 * API of well over a thousand operations: everything starts collapsed so the first paint draws tag
 * headers only and an operation is rendered when it is opened, a filter narrows the tags, and no
 * asset or request leaves the host (both bundles are embedded by @effect/platform).
 *
 * Both load the published OpenAPI 3.0 contract from its URL instead of the OpenAPI 3.1 document
 * @effect/platform would embed: that one is generated a second time per page, and Swagger UI
 * resolves 3.1 documents through a resolver that took most of its 10-25 s first paint at 505
 * operations on a busy 2-core machine. Each page is rendered on its first request, then served
 * from memory.
 */
import { HttpApi, HttpLayerRouter, HttpServerResponse, OpenApi } from "@effect/platform"
// Deep imports: through the package index, the bundler would keep these modules (several MB of
// UI assets) in the chunk start-up loads, though docs.routes.ts imports this module on demand.
import * as HttpApiScalar from "@effect/platform/HttpApiScalar"
import * as HttpApiSwagger from "@effect/platform/HttpApiSwagger"
import { Effect, Layer } from "effect"

/** Only gives the pages their title: the operations come from the contract URL. */
const pageApi = HttpApi.make("podium").annotate(OpenApi.Title, "Podium API")

/** Swagger UI options (https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/). */
export const swaggerOptions = {
  // Tags and operations collapsed: Swagger UI renders a tag's operations only once it is opened.
  docExpansion: "none",
  // The filter box above the list: keeps the tags whose name contains the text.
  filter: true,
  // The schema section would render every model of the API under the operations.
  defaultModelsExpandDepth: -1,
  defaultModelExpandDepth: 1,
  // The URL names the opened tag/operation, so a link opens straight at it.
  deepLinking: true,
  displayRequestDuration: true,
  persistAuthorization: true,
  // Never ask validator.swagger.io to validate the document.
  validatorUrl: null
} as const

/** Scalar options (https://github.com/scalar/scalar/blob/main/documentation/configuration.md). */
export const scalarOptions = {
  // Only the tag the URL points at opens; the others stay collapsed until clicked.
  defaultOpenAllTags: false,
  // The model section would render every schema of the API after the operations.
  hideModels: true,
  showSidebar: true,
  // Sidebar search over operations and tags.
  hideSearch: false,
  // No font download, no telemetry, no toolbar (its "share" uploads the document to scalar.com).
  withDefaultFonts: false,
  telemetry: false,
  showToolbar: "never"
} as const

/**
 * Renders a page once by running the library's route in a private router: @effect/platform builds
 * the page (and embeds the bundle); this module only decides the options.
 */
const renderOnce = (
  route: Layer.Layer<never, never, HttpLayerRouter.HttpRouter>,
  path: string,
  finish: (html: string) => string = (html) => html
) => {
  let page: Promise<string> | undefined
  const render = async () => {
    const { handler, dispose } = HttpLayerRouter.toWebHandler(route, { disableLogger: true })
    try {
      const response = await handler(new Request(`http://docs.internal${path}`))
      if (!response.ok) throw new Error(`rendering ${path} answered ${response.status}`)
      return finish(await response.text())
    } finally {
      await dispose()
    }
  }
  return Effect.promise(() => {
    if (page === undefined) {
      page = render()
      // A failed render is retried on the next request rather than remembered.
      page.catch(() => {
        page = undefined
      })
    }
    return page
  }).pipe(Effect.map((html) => HttpServerResponse.html(html)))
}

/**
 * Swagger UI's page from @effect/platform starts `SwaggerUIBundle` with its embedded document on
 * window load; a script after the bundle wraps that function so the call gets the options above and
 * the contract URL instead.
 */
export const withSwaggerOptions = (html: string, contractUrl: string, options: object = swaggerOptions): string => {
  const at = html.lastIndexOf("</body>")
  if (at < 0 || !html.includes("SwaggerUIBundle(")) throw new Error("unexpected Swagger UI page: options cannot be applied")
  const settings = JSON.stringify({ ...options, url: contractUrl }).replace(/</g, "\\u003c")
  const script = `<script>
(() => {
  const bundle = window.SwaggerUIBundle;
  const configured = ({ spec, ...options }) => bundle({ ...options, ...${settings} });
  window.SwaggerUIBundle = Object.assign(configured, bundle);
})();
</script>
`
  return html.slice(0, at) + script + html.slice(at)
}

export const swaggerPage = (path: `/${string}`, contractUrl: string) =>
  renderOnce(HttpApiSwagger.layerHttpLayerRouter({ api: pageApi, path }), path, (html) => withSwaggerOptions(html, contractUrl))

/**
 * Scalar's page from @effect/platform embeds a document, which Scalar prefers to its `url` option;
 * emptying that element makes Scalar load the contract URL.
 */
export const withoutEmbeddedDocument = (html: string): string => {
  const embedded = /(<script id="api-reference" type="application\/json">)[\s\S]*?(<\/script>)/
  if (!embedded.test(html)) throw new Error("unexpected Scalar page: the embedded document cannot be replaced")
  return html.replace(embedded, "$1$2")
}

export const scalarPage = (path: `/${string}`, contractUrl: string) =>
  renderOnce(
    HttpApiScalar.layerHttpLayerRouter({
      api: pageApi,
      path,
      // Options newer than the library's ScalarConfig type are passed through to Scalar as given.
      scalar: { ...scalarOptions, url: contractUrl } as HttpApiScalar.ScalarConfig
    }),
    path,
    withoutEmbeddedDocument
  )

/** Mounts both explorers, each reading the contract from `contract` (a path on this host). */
export const ExplorersLive = (paths: { readonly swagger: `/${string}`; readonly scalar: `/${string}`; readonly contract: string }) =>
  HttpLayerRouter.use((router) =>
    Effect.gen(function*() {
      yield* router.add("GET", paths.swagger, swaggerPage(paths.swagger, paths.contract))
      yield* router.add("GET", paths.scalar, scalarPage(paths.scalar, paths.contract))
    })
  )
