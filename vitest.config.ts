import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

// Workspace packages resolve to their TypeScript sources through the `podium-source` condition.
const conditions = ["podium-source", ...defaultServerConditions]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["test/**/*.test.ts", "core/**/*.test.ts", "adapters/**/*.test.ts"],
    // test/consumer runs against the built core with its own config (pnpm test:consumer).
    exclude: ["**/node_modules/**", "**/dist/**", "**/.tsbuild/**", "test/consumer/**"],
    globalSetup: ["test/support/global-setup.ts"],
    fileParallelism: true,
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
