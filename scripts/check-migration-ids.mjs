#!/usr/bin/env node
/**
 * Fails (exit 1) when the migration stream is unsafe to merge:
 *  - two migrations share an id, or a key/file name is not `<digits>_<name>`;
 *  - the record in migrations/index.ts and the migration files disagree;
 *  - a migration that is new on this branch has an id not strictly above the highest id on
 *    origin/main (or main) — the @effect/sql Migrator silently skips ids lower than the newest
 *    applied one, so such a migration would never run on an already-migrated database.
 * Usage: node scripts/check-migration-ids.mjs [--base <git ref>]
 */
import { execFileSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dir = "adapters/postgres/src/migrations"
const pattern = /^(\d+)_([a-z0-9_]+)\.ts$/
const problems = []

const parse = (files) =>
  files.filter((f) => f !== "index.ts" && f.endsWith(".ts")).map((file) => {
    const m = pattern.exec(file)
    if (m === null) problems.push(`${dir}/${file}: name must be <digits>_<snake_name>.ts`)
    return m === null ? null : { file, id: Number(m[1]), key: file.slice(0, -3) }
  }).filter((m) => m !== null)

const current = parse(readdirSync(join(root, dir)))
const seen = new Map()
for (const m of current) {
  if (seen.has(m.id)) problems.push(`duplicate migration id ${m.id}: ${seen.get(m.id)} and ${m.file}`)
  seen.set(m.id, m.file)
  if (m.id > 2_147_483_647) problems.push(`${m.file}: id does not fit the Migrator's int4 column`)
}

const index = readFileSync(join(root, dir, "index.ts"), "utf8")
const keys = [...index.matchAll(/"(\d+_[a-z0-9_]+)"\s*:/g)].map((m) => m[1])
for (const m of current) if (!keys.includes(m.key)) problems.push(`${m.file} is not registered in ${dir}/index.ts`)
for (const key of keys) if (!current.some((m) => m.key === key)) problems.push(`${dir}/index.ts registers "${key}" but there is no ${key}.ts`)
const keyIds = keys.map((k) => Number(k.split("_")[0]))
if (new Set(keyIds).size !== keyIds.length) problems.push(`${dir}/index.ts registers a migration id twice`)

const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
const argBase = process.argv.indexOf("--base")
const candidates = argBase > 0 ? [process.argv[argBase + 1]] : ["origin/main", "main"]
let base = null
for (const ref of candidates) {
  try {
    git("rev-parse", "--verify", "--quiet", `${ref}^{commit}`)
    base = ref
    break
  } catch {
    // try the next ref
  }
}

if (base !== null) {
  let baseFiles = []
  try {
    baseFiles = git("ls-tree", "--name-only", `${base}:${dir}`).split("\n").filter(Boolean)
  } catch {
    // the folder does not exist on the base yet
  }
  const onBase = parse(baseFiles)
  const baseKeys = new Set(onBase.map((m) => m.key))
  const highest = onBase.reduce((max, m) => Math.max(max, m.id), 0)
  for (const m of current.filter((m) => !baseKeys.has(m.key))) {
    if (m.id <= highest) {
      problems.push(`${m.file}: new migration id ${m.id} is not above ${base}'s highest (${highest}); renumber it to ${highest + 1} or later`)
    }
  }
  for (const m of onBase) {
    if (!current.some((c) => c.key === m.key)) problems.push(`${m.file} exists on ${base} but was removed or renamed here (migrations are forward-only)`)
  }
  console.log(`migration ids: ${current.length} migration(s), highest on ${base}: ${highest}`)
} else {
  console.log(`migration ids: ${current.length} migration(s); no origin/main or main ref to compare with`)
}

if (problems.length > 0) {
  for (const p of problems) console.error(`✗ ${p}`)
  process.exit(1)
}
console.log("✓ migration ids are unique and above the base branch")
