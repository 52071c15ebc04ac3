/** Server-rendered documentation pages: plain HTML, no script, readable without a network. */
import type { OpenApiDocument } from "../api.js"

const esc = (s: unknown) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;" })[c]!)

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1b1f24;line-height:1.45}
code,.path{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
h1{margin-bottom:.25rem} h2{border-bottom:1px solid #d0d7de;padding-bottom:.25rem;margin-top:2rem}
table{border-collapse:collapse;width:100%} td,th{border-bottom:1px solid #eaeef2;padding:.3rem .5rem;text-align:left;vertical-align:top}
.m{font-weight:600;font-size:.8rem;padding:.1rem .4rem;border-radius:.25rem;color:#fff}
.GET{background:#1f6feb}.POST{background:#1a7f37}.PUT{background:#9a6700}.PATCH{background:#8250df}.DELETE{background:#cf222e}
nav a{margin-right:1rem}
</style></head><body>${body}</body></html>`

const methods = ["get", "post", "put", "patch", "delete"] as const

interface Operation {
  readonly method: string
  readonly path: string
  readonly summary: string
  readonly tags: ReadonlyArray<string>
}

const operationsOf = (doc: OpenApiDocument): Array<Operation> => {
  const out: Array<Operation> = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = (item as Record<string, { summary?: string; description?: string; tags?: Array<string> } | undefined>)[method]
      if (op === undefined) continue
      out.push({ method: method.toUpperCase(), path, summary: op.summary ?? op.description ?? "", tags: op.tags ?? ["default"] })
    }
  }
  return out
}

/** The landing page: what the API is and where each discovery path leads. */
export const landingPage = (doc: OpenApiDocument) =>
  page(
    "Podium API",
    `<h1>Podium API <small>${esc(doc.info.version)}</small></h1>
<p>${esc(doc.info.description ?? "")}</p>
<p>${operationsOf(doc).length} operations in ${doc.tags.length} tags.</p>
<nav><a href="/docs/reference">Reference</a><a href="/swagger">Swagger UI</a><a href="/api-reference">API reference explorer</a>
<a href="/docs/openapi.json">openapi.json</a><a href="/docs/openapi.yaml">openapi.yaml</a><a href="/v2/docs">/v2 docs</a></nav>`
  )

/** The static reference: every operation, grouped by tag. */
export const referencePage = (doc: OpenApiDocument, contractHref: string) => {
  const byTag = new Map<string, Array<Operation>>()
  for (const op of operationsOf(doc)) {
    for (const tag of op.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), op])
  }
  const descriptions = new Map(doc.tags.map((t) => [t.name, t.description ?? ""]))
  const sections = [...byTag.entries()].map(([tag, ops]) =>
    `<section id="${esc(tag)}"><h2>${esc(tag)}</h2><p>${esc(descriptions.get(tag))}</p><table>${
      ops.map((op) => `<tr><td><span class="m ${op.method}">${op.method}</span></td><td class="path">${esc(op.path)}</td><td>${esc(op.summary)}</td></tr>`).join("")
    }</table></section>`
  )
  return page(
    `${doc.info.title} — reference`,
    `<h1>${esc(doc.info.title)} reference</h1><p>Version ${esc(doc.info.version)} · <a href="${esc(contractHref)}">contract (JSON)</a></p>${sections.join("")}`
  )
}
