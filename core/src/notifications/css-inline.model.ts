/**
 * CSS inlining for email templates (B "Channel templates (email)" POST /css-inline): mail clients
 * drop `<style>` blocks, so each rule is copied into the `style` attribute of the elements it
 * matches. Pure string work, no DOM: supported selectors are a tag, `.class`, `#id` and their
 * compounds (`td.cell`, `p.a.b`), in comma lists. Declarations are applied by specificity, then
 * source order, and an element's own inline style always wins. Rules with other selectors
 * (descendants, pseudo-classes, media queries…) cannot be inlined and stay in a `<style>` block,
 * listed in `unsupported` so the author sees them.
 */

export interface InlineResult {
  readonly html: string
  /** Rules kept in a <style> block because they cannot be inlined. */
  readonly unsupported: ReadonlyArray<string>
  /** Elements whose style attribute was written. */
  readonly styledElements: number
}

interface Rule {
  readonly selector: SimpleSelector
  readonly declarations: ReadonlyArray<readonly [string, string]>
  readonly specificity: number
  readonly order: number
}

interface SimpleSelector {
  readonly tag: string | null
  readonly id: string | null
  readonly classes: ReadonlyArray<string>
}

const Compound = /^([a-zA-Z][a-zA-Z0-9-]*)?((?:[.#][A-Za-z_-][A-Za-z0-9_-]*)*)$/

const parseSelector = (text: string): SimpleSelector | undefined => {
  const m = Compound.exec(text.trim())
  if (m === null || text.trim() === "") return undefined
  const parts = m[2]!.match(/[.#][A-Za-z_-][A-Za-z0-9_-]*/g) ?? []
  const ids = parts.filter((p) => p.startsWith("#")).map((p) => p.slice(1))
  if (ids.length > 1) return undefined
  return { tag: m[1]?.toLowerCase() ?? null, id: ids[0] ?? null, classes: parts.filter((p) => p.startsWith(".")).map((p) => p.slice(1)) }
}

const parseDeclarations = (text: string): Array<readonly [string, string]> =>
  text.split(";").map((d) => d.trim()).filter((d) => d.includes(":")).map((d) => {
    const i = d.indexOf(":")
    return [d.slice(0, i).trim().toLowerCase(), d.slice(i + 1).trim()] as const
  }).filter(([p, v]) => p !== "" && v !== "")

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)
  return m === null ? undefined : (m[2] ?? m[3] ?? m[4])
}

const matches = (s: SimpleSelector, tagName: string, openTag: string) => {
  if (s.tag !== null && s.tag !== tagName) return false
  if (s.id !== null && attr(openTag, "id") !== s.id) return false
  if (s.classes.length > 0) {
    const classes = (attr(openTag, "class") ?? "").split(/\s+/)
    if (!s.classes.every((c) => classes.includes(c))) return false
  }
  return true
}

const escapeAttr = (v: string) => v.replace(/"/g, "&quot;")

/** Inlines the `<style>` blocks of `html` and any extra `css` into style attributes. */
export const inlineCss = (html: string, css = ""): InlineResult => {
  const sheets: Array<string> = [css]
  const body = html.replace(/<style[^>]*>([\s\S]*?)<\/style>/gi, (_, inner: string) => {
    sheets.push(inner)
    return ""
  })
  const rules: Array<Rule> = []
  const unsupported: Array<string> = []
  let order = 0
  for (const sheet of sheets) {
    const text = sheet.replace(/\/\*[\s\S]*?\*\//g, "")
    // At-rules with blocks (media queries…) are kept whole.
    const withoutAt = text.replace(/@[^{]+\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, (block) => {
      unsupported.push(block.trim())
      return ""
    })
    for (const m of withoutAt.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const declarations = parseDeclarations(m[2]!)
      for (const raw of m[1]!.split(",")) {
        const selector = parseSelector(raw)
        if (selector === undefined) {
          unsupported.push(`${raw.trim()} { ${m[2]!.trim()} }`)
          continue
        }
        const specificity = (selector.id === null ? 0 : 100) + selector.classes.length * 10 + (selector.tag === null ? 0 : 1)
        rules.push({ selector, declarations, specificity, order: order++ })
      }
    }
  }
  rules.sort((a, b) => a.specificity - b.specificity || a.order - b.order)
  let styledElements = 0
  const out = body.replace(/<([a-zA-Z][a-zA-Z0-9-]*)(\s[^<>]*?)?(\/?)>/g, (openTag: string, name: string, attrs: string | undefined, selfClose: string) => {
    const tagName = name.toLowerCase()
    const applied = new Map<string, string>()
    for (const rule of rules) {
      if (matches(rule.selector, tagName, openTag)) for (const [p, v] of rule.declarations) applied.set(p, v)
    }
    if (applied.size === 0) return openTag
    const own = attr(openTag, "style")
    for (const [p, v] of parseDeclarations(own ?? "")) applied.set(p, v)
    const style = [...applied].map(([p, v]) => `${p}: ${v}`).join("; ")
    styledElements++
    const rest = (attrs ?? "").replace(/\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, "")
    return `<${name}${rest} style="${escapeAttr(style)}"${selfClose}>`
  })
  const block = `<style>\n${unsupported.join("\n")}\n</style>`
  const kept = unsupported.length === 0 ? out : /<\/head>/i.test(out) ? out.replace(/<\/head>/i, `${block}</head>`) : `${block}\n${out}`
  return { html: kept, unsupported, styledElements }
}
