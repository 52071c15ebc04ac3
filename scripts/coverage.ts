/**
 * Operation coverage report: compares the routes the HTTP host serves (the generated OpenAPI
 * document plus the discovery routes served outside it) with the spec's operation list
 * `../shared/spec/operations.tsv`, and prints `covered N/<total>` as its first line, then what is
 * missing, grouped by area, and any routed operation the spec does not list.
 *
 * Usage: `pnpm coverage:ops` (per-area counts) or `pnpm coverage:ops --full` (every missing path).
 * Path parameters are compared by position only, so `{id}` and `{organizerId}` at the same place
 * match. Always exits 0: it is a report, not a gate.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { openApiDocument } from "../hosts/http/src/api.js"
import { DocsRoutes } from "../hosts/http/src/docs/docs.routes.js"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const specFile = path.resolve(repoRoot, "..", "shared", "spec", "operations.tsv")

const HttpMethods = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])

interface SpecOperation {
  readonly id: string
  readonly method: string
  readonly path: string
  readonly area: string
  readonly summary: string
}

/** `GET /v2/clubs/{clubId}/` → `GET /v2/clubs/{}`: parameter names and trailing slashes ignored. */
export const operationKey = (method: string, routePath: string): string => {
  const normalised = routePath
    .trim()
    .replace(/\{[^}]*\}/g, "{}")
    .replace(/\/:[^/]+/g, "/{}")
    .replace(/\/+$/, "")
  return `${method.toUpperCase()} ${normalised === "" ? "/" : normalised}`
}

const readSpec = (file: string): Array<SpecOperation> => {
  const [header, ...rows] = readFileSync(file, "utf8").split(/\r?\n/).filter((line) => line.trim() !== "")
  const columns = (header ?? "").split("\t")
  const at = (name: string) => {
    const index = columns.indexOf(name)
    if (index < 0) throw new Error(`${file}: column "${name}" not found in header`)
    return index
  }
  const [id, method, routePath, area, summary] = ["id", "method", "path", "area", "summary"].map(at) as [
    number,
    number,
    number,
    number,
    number
  ]
  return rows.map((row) => {
    const cells = row.split("\t")
    return {
      id: cells[id] ?? "",
      method: (cells[method] ?? "").toUpperCase(),
      path: cells[routePath] ?? "",
      area: cells[area] ?? "",
      summary: cells[summary] ?? ""
    }
  })
}

const routedOperations = (): Array<{ method: string; path: string }> => {
  const routed: Array<{ method: string; path: string }> = []
  for (const [routePath, item] of Object.entries(openApiDocument().paths)) {
    for (const method of Object.keys(item as object)) {
      if (HttpMethods.has(method.toUpperCase())) routed.push({ method: method.toUpperCase(), path: routePath })
    }
  }
  for (const [method, routePath] of DocsRoutes) routed.push({ method, path: routePath })
  return routed
}

/** The top-level area: "Clubs / Club admin" → "Clubs". */
const topArea = (area: string): string => area.split(" / ")[0]?.trim() || "(no area)"

const main = () => {
  // `pnpm coverage:ops --full | head` closes the pipe early; that is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0)
    throw error
  })
  const full = process.argv.includes("--full")
  // The specification lives beside the repository, not in it: a checkout without it (a CI runner
  // elsewhere) has nothing to measure against, which is no failure of the code.
  if (!existsSync(specFile)) {
    console.log(`operation coverage: no specification at ${specFile}; skipped`)
    return
  }
  const spec = readSpec(specFile)
  const routed = routedOperations()
  const routedKeys = new Set(routed.map((op) => operationKey(op.method, op.path)))
  const specKeys = new Set(spec.map((op) => operationKey(op.method, op.path)))

  const covered = spec.filter((op) => routedKeys.has(operationKey(op.method, op.path)))
  const missing = spec.filter((op) => !routedKeys.has(operationKey(op.method, op.path)))
  const extras = routed.filter((op) => !specKeys.has(operationKey(op.method, op.path)))

  const lines: Array<string> = [`covered ${covered.length}/${spec.length}`]

  const byArea = new Map<string, Array<SpecOperation>>()
  for (const op of missing) {
    const key = full ? op.area : topArea(op.area)
    byArea.set(key, [...(byArea.get(key) ?? []), op])
  }
  const areas = [...byArea.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
  lines.push(`missing ${missing.length} in ${areas.length} ${full ? "areas" : "top-level areas"}${full ? "" : " (--full lists every path)"}:`)
  for (const [area, ops] of areas) {
    lines.push(`  ${String(ops.length).padStart(4)}  ${area}`)
    if (full) for (const op of ops) lines.push(`          ${op.method.padEnd(6)} ${op.path}  (#${op.id}${op.summary ? ` ${op.summary}` : ""})`)
  }

  if (extras.length > 0) {
    lines.push(`warning: ${extras.length} routed operation(s) not in the spec:`)
    const shown = full ? extras : extras.slice(0, 5)
    for (const op of shown) lines.push(`  ${op.method.padEnd(6)} ${op.path}`)
    if (shown.length < extras.length) lines.push(`  ... and ${extras.length - shown.length} more (--full)`)
  }
  process.stdout.write(`${lines.join("\n")}\n`)
}

main()
