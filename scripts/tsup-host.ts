/**
 * The shared tsup configuration of every host's production bundle (`hosts/<host>/tsup.config.ts`):
 * `src/main.ts` → `dist/main.js`, ESM for Node 20.
 *
 * - Workspace packages (`@podium/*`) are bundled from their TypeScript sources (`podium-source`
 *   condition), so a host's dist never needs the other packages built first.
 * - The host's own `dependencies` stay external (tsup's default) and load from its node_modules;
 *   third-party code reached only through a workspace package (pg, ioredis...) is bundled, and
 *   some of it is CommonJS calling `require`, hence the `createRequire` banner.
 * - PGlite and its socket server stay external: PGlite loads its WASM and data files relative to
 *   its own module URL, which bundling would break.
 */
import type { Options } from "tsup"

export const hostBundle = (overrides: Options = {}): Options => ({
  entry: { main: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: false,
  dts: false,
  noExternal: [/^@podium\//],
  external: ["@electric-sql/pglite", "@electric-sql/pglite-socket"],
  esbuildOptions(options) {
    // Only the custom condition: esbuild adds `import`/`require` per import kind itself. Listing
    // `import` here would hand ESM builds to CommonJS `require()` calls (pg → pg-pool breaks).
    options.conditions = ["podium-source"]
  },
  banner: {
    js: 'import { createRequire as __podiumCreateRequire } from "node:module"; const require = __podiumCreateRequire(import.meta.url);'
  },
  ...overrides
})
