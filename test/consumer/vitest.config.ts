/**
 * The consumer test's own configuration: no `podium-source` condition, so `@podium/core` and
 * `@podium/core/testing` resolve through package.json `exports` to the built `core/dist`, exactly
 * as in another team's repository. Run with `pnpm test:consumer` (which builds core first).
 */
import { fileURLToPath } from "node:url"
import type { Plugin } from "vite"
import { defineConfig } from "vitest/config"

const coreRoot = fileURLToPath(new URL("../../core/", import.meta.url))

/** Fails the run if anything loads core's or the kernel's TypeScript sources instead of dist. */
const onlyBuiltCore = (): Plugin => ({
  name: "podium:only-built-core",
  enforce: "pre",
  load(id) {
    const file = id.split("?")[0] ?? id
    if (file.startsWith(coreRoot) && !file.startsWith(`${coreRoot}dist/`)) {
      throw new Error(`consumer test loaded core source ${file}; @podium/core must resolve to dist (run the build)`)
    }
    return null
  }
})

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [onlyBuiltCore()],
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 20_000
  }
})
