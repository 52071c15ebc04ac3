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
    setupFiles: ["test/support/effect-vitest-setup.ts"],
    fileParallelism: true,
    pool: "forks",
    // Most test time is spent waiting on Postgres and Redis, so one more worker than the 2 cores
    // pays off (the default is cores - 1).
    maxWorkers: 3,
    // A worker runs its files one after another in one module graph instead of a fresh process per
    // file: the workspace's sources, effect and PGlite load once per worker, not once per file
    // (the suite took ~9 min isolated). Files stay independent through what they build, not
    // through module reloads: each file builds its own database clone and Redis key prefix (test/
    // support); what modules keep at top level is shared by a worker's files, so tests must not
    // count on process-wide state being fresh. @effect/vitest's shared `it` is reset per file by
    // effect-vitest-setup.ts (setup files run again before every file).
    isolate: false,
    // Workers live for the whole run: with isolate: false they are long-lived, and letting the pool
    // shrink idle ones (minWorkers below maxWorkers) is the one place left that tears a worker
    // down mid-run.
    minWorkers: 3,
    // Deadlines for a hang, not budgets: on this 2-core machine shared with other runs a heavy
    // test (the swagger-parser validation, a host starting on PGlite) has taken over 30 s. Tests
    // wait for conditions; these only end one that never comes.
    testTimeout: 120_000,
    hookTimeout: 180_000
  }
})
