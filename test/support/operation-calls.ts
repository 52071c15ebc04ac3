/**
 * Which operations (method + path) the test sources call, read from each test file's text: every
 * quoted path (string or template literal; a parameter matches any concrete value without a slash)
 * is attributed the HTTP method of its call site, so a test GETting `/v2/x` does not count as
 * testing `DELETE /v2/x`. Path constants used in templates (`${base}/…`) are expanded first. The
 * method of a site is read, in this order, from
 *   - the text just before it: `.post(`, `get(`, `request("POST", `, `multipart(host, "PATCH", `;
 *   - a `method: "…"` among the rest of its call's arguments (fetch);
 *   - when the path is bound to a name (`const kycPath = (id) => \`…\``, `one: (id) => …`,
 *     `path = "…"` as a parameter default), the sites where that name is used in the same file;
 *   - when the path is an argument of a file-local helper (`send(host, phone, "/v2/…")`), the one
 *     method that helper's definition calls with;
 * and otherwise it counts as a GET, the method of a bare URL (a path in a list that a loop GETs).
 */

export const HttpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const
export type HttpMethod = (typeof HttpMethods)[number]

export interface Operation {
  readonly method: string
  readonly path: string
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, "\\$&")

/** Matches a quoted use of `path` (parameters as any slash-free text), optionally with a query. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(`["'\`]${path.split(/\{[^}]+\}/).map(escapeRegExp).join("[^/\"'`?]+")}(\\?[^"'\`]*)?["'\`]`, "g")

// A method named right before the site: `.post(` / `post(` / `request("POST", ` / `send(h, "PATCH", `
// (optionally `base + ` in front of the path).
const methodBefore = /(?:\b(get|post|put|patch|delete)\s*\(\s*|["'`](GET|POST|PUT|PATCH|DELETE)["'`]\s*,\s*)(?:[\w$.()]+\s*\+\s*)?$/i
// A fetch-style `{ method: "POST" }` among the rest of the site's call arguments.
const methodOption = /\bmethod\s*:\s*["'`](GET|POST|PUT|PATCH|DELETE)["'`]/i

/** The rest of the argument list the site ending at `end` is in (up to the call's closing parenthesis). */
const restOfCall = (file: string, end: number): string => {
  let depth = 0
  for (let i = end; i < file.length && i < end + 600; i++) {
    const c = file[i]
    if (c === "(" || c === "{" || c === "[") depth++
    else if (c === ")" || c === "}" || c === "]") {
      if (depth === 0) return file.slice(end, i)
      depth--
    }
  }
  return ""
}

/**
 * The file with `${name}` in template literals replaced by the text of `const name = \`…\`` (or
 * "…"), so `const base = \`/v2/clubs/${id}/channels\`` … `patch(\`${base}/${channelId}\`)` reads as
 * the full path at the call.
 */
export const expandPathConstants = (file: string): string => {
  let expanded = file
  for (const c of file.matchAll(/\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(["'`])(\/[^"'`\n]*)\2/g)) {
    expanded = expanded.replaceAll(`\${${c[1]}}`, c[3]!)
  }
  return expanded
}
// The site is the value of a name: `const name = `, `name: `, `name = ` (parameter default), possibly
// as the body of an arrow function `(id: string) => `.
const boundName = /\b([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>[\]| ]+)?\s*[=:]\s*(?:\([^()]*\)\s*(?::\s*[\w<>[\]| ]+)?\s*=>\s*)?$/
// A method called inside a helper's definition.
const methodCalls = /\.(get|post|put|patch|delete)\s*\(|\brequest\s*\(\s*["'`](GET|POST|PUT|PATCH|DELETE)["'`]/gi

const up = (m: string) => m.toUpperCase() as HttpMethod

/** The one method a file-local function `name` calls with, if it has exactly one. */
const helperMethod = (file: string, name: string): HttpMethod | undefined => {
  const definition = new RegExp(`(?:const|let|function)\\s+${escapeRegExp(name)}\\b[^\\n]*`).exec(file)
  if (definition === null) return undefined
  const body = file.slice(definition.index, definition.index + 400).split(/\n(?=\S)/)[0]!
  const methods = new Set([...body.matchAll(methodCalls)].map((m) => up(m[1] ?? m[2]!)))
  return methods.size === 1 ? [...methods][0] : undefined
}

/** The name of the function whose call's argument list `index` is in (same line), if any. */
const enclosingCallee = (file: string, index: number): string | undefined => {
  let depth = 0
  for (let i = index - 1; i >= 0 && i > index - 200; i--) {
    const c = file[i]
    if (c === "\n") return undefined
    if (c === ")") depth++
    else if (c === "(") {
      if (depth === 0) return /([A-Za-z_$][\w$]*)\s*$/.exec(file.slice(Math.max(0, i - 60), i))?.[1]
      depth--
    }
  }
  return undefined
}

/** The methods of the call site spanning `start`..`end` in `file`. */
export const methodsAt = (file: string, start: number, end: number, depth = 0): Set<HttpMethod> => {
  const before = file.slice(Math.max(0, start - 120), start)
  const named = methodBefore.exec(before)
  if (named !== null) return new Set([up(named[1] ?? named[2]!)])
  const after = methodOption.exec(restOfCall(file, end))
  if (after !== null) return new Set([up(after[1]!)])
  const bound = depth < 2 ? boundName.exec(before) : null
  if (bound !== null) {
    const name = bound[1]!
    const definedAt = start - before.length + bound.index
    const found = new Set<HttpMethod>()
    for (const use of file.matchAll(new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`, "g"))) {
      if (use.index === definedAt) continue
      // The whole expression `c.one(…)` / `kycPath(…)` starts at the first character of `c.one`.
      let exprStart = use.index
      while (exprStart > 0 && /[\w$.]/.test(file[exprStart - 1]!)) exprStart--
      let exprEnd = use.index + name.length
      if (file[exprEnd] === "(") exprEnd = file.indexOf(")", exprEnd) + 1
      for (const m of methodsAt(file, exprStart, exprEnd, depth + 1)) found.add(m)
    }
    if (found.size > 0) return found
  }
  const callee = enclosingCallee(file, start)
  const viaHelper = callee === undefined ? undefined : helperMethod(file, callee)
  if (viaHelper !== undefined) return new Set([viaHelper])
  return new Set(["GET"])
}

/** The method of the call site whose path literal starts at `index` in `source` (one method). */
export const methodAt = (source: string, index: number, literalLength: number): HttpMethod =>
  [...methodsAt(source, index, index + literalLength)][0]!

/** The methods with which the test files (path constants expanded) call `path`. */
export const methodsCalling = (expandedFiles: ReadonlyArray<string>, path: string): Set<HttpMethod> => {
  const found = new Set<HttpMethod>()
  for (const file of expandedFiles) {
    for (const match of file.matchAll(pathPattern(path))) {
      for (const m of methodsAt(file, match.index, match.index + match[0].length)) found.add(m)
    }
  }
  return found
}

/** The operations no test file calls with their method, as `METHOD /path`. */
export const untestedOperations = (files: ReadonlyArray<string>, operations: ReadonlyArray<Operation>): Array<string> => {
  const byPath = new Map<string, Set<HttpMethod>>()
  const expanded = files.map(expandPathConstants)
  return operations
    .filter(({ method, path }) => {
      let methods = byPath.get(path)
      if (methods === undefined) {
        methods = methodsCalling(expanded, path)
        byPath.set(path, methods)
      }
      return !methods.has(up(method))
    })
    .map(({ method, path }) => `${up(method)} ${path}`)
}
