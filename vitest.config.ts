import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

// Workspace packages resolve to their TypeScript sources through the `podium-source` condition.
const conditions = ["podium-source", ...defaultServerConditions]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["test/**/*.test.ts", "core/**/*.test.ts", "adapters/**/*.test.ts"],
    // test/consumer runs against the built core with its own config (pnpm test:consumer); the
    // browser tests run after this suite with theirs (pnpm test:browser, vitest.browser.config.ts).
    exclude: ["**/node_modules/**", "**/dist/**", "**/.tsbuild/**", "test/consumer/**", "**/*.browser.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    fileParallelism: true,
    pool: "forks",
    // Most test time is spent waiting on Postgres and Redis, so one more worker than the 2 cores
    // pays off (the default is cores - 1). Files stay isolated: sharing module graphs
    // (isolate: false) ran the suite in ~2 min but breaks the TestClock files, which then see two
    // copies of effect — a follow-up.
    maxWorkers: 3,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
