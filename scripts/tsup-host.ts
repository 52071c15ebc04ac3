/**
 * The shared tsup configuration of every host's production bundle (`hosts/<host>/tsup.config.ts`):
 * `src/main.ts` → `dist/main.js`, ESM for Node 20.
 *
 * - Everything is bundled — workspace packages from their TypeScript sources (`podium-source`
 *   condition) and every third-party package — so `node dist/main.js` needs no node_modules and
 *   start-up loads one module instead of resolving and compiling hundreds of package files, the
 *   largest single cost of the HTTP host's boot. Some bundled code is CommonJS calling `require`,
 *   hence the `createRequire` banner.
 * - Whitespace and syntax are minified (half the bytes for V8 to parse at start); identifiers keep
 *   their names, so stack traces and class names stay readable (source maps point to the sources).
 * - Code splitting: a module reached only through `import()` becomes its own chunk, loaded on first
 *   use (the docs explorers embed several MB of UI assets that boot should not parse).
 * - PGlite stays external: it loads its WASM and data files relative to its own module URL, which
 *   bundling would break, and production (DATABASE_URL) never loads it (adapters/postgres imports
 *   it on first use of the embedded database).
 */
import type { Options } from "tsup"

type EsbuildPlugin = NonNullable<Options["esbuildPlugins"]>[number]

/**
 * The package index of @effect/platform re-exports the API explorers, whose modules hold several
 * MB of UI assets (parsing them cost ~0.3 s of boot). Reached through the index, they would land in
 * the chunk every host loads at start, used or not; here the index gets an empty module for them,
 * so only a deep import (`@effect/platform/HttpApiSwagger`, made on demand by the HTTP host's docs
 * routes) reaches them, and they stay in a chunk of their own. Use the deep import for either.
 */
const explorersOffTheIndex: EsbuildPlugin = {
  name: "podium-explorers-off-the-index",
  setup(build) {
    build.onResolve({ filter: /^\.\/HttpApi(Swagger|Scalar)\.js$/ }, (args) =>
      /@effect[\\/]platform[\\/]dist[\\/]esm[\\/]index\.js$/.test(args.importer)
        ? { path: args.path, namespace: "podium-empty" }
        : undefined)
    build.onLoad({ filter: /.*/, namespace: "podium-empty" }, () => ({ contents: "export {}", loader: "js" }))
  }
}

export const hostBundle = (overrides: Options = {}): Options => ({
  entry: { main: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: true,
  minifyWhitespace: true,
  minifySyntax: true,
  dts: false,
  noExternal: [/^(?!@electric-sql\/pglite)/],
  external: ["@electric-sql/pglite"],
  esbuildPlugins: [explorersOffTheIndex],
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
