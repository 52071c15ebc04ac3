/**
 * Builds @podium/core as a library other teams install: ESM with type declarations in `dist/`,
 * one entry per package export (`.` and `./testing`). The kernel is private to the workspace, so it
 * is bundled in (code and types); `effect` stays a peer the consumer provides.
 */
import { defineConfig } from "tsup"

export default defineConfig({
  entry: { index: "src/index.ts", "testing/index": "src/testing/index.ts" },
  format: ["esm"],
  target: "node20",
  platform: "neutral",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  splitting: true,
  treeshake: false,
  noExternal: ["@podium/kernel"],
  external: ["effect", /^effect\//],
  dts: {
    // Inline the kernel's declarations too, so a consumer never sees @podium/kernel: the path
    // mapping lets the declaration bundler treat the kernel's sources as part of this package
    // (its own resolver ignores package.json `exports`, where the workspace link points).
    resolve: true,
    compilerOptions: {
      composite: false,
      incremental: false,
      declarationMap: false,
      emitDeclarationOnly: false,
      rootDir: ".",
      paths: { "@podium/kernel": ["./kernel/src/index.ts"] }
    }
  }
})
