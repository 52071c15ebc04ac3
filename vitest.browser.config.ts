import { defineConfig } from "vitest/config"
import base from "./vitest.config.js"

// The explorer tests drive a real Chromium: they run as their own step after the parallel suite
// (pnpm test:browser), one file at a time, so their page loads do not compete with the workers.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/**/*.browser.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**", "**/.tsbuild/**"],
    fileParallelism: false,
    maxWorkers: 1,
    minWorkers: 1
  }
})
