/** The backend switch of the test run (no vitest import: the global setup's child process reads it too). */

/**
 * Which backend the run asked for: PODIUM_TEST_BACKEND=embedded runs everything on PGlite and the
 * in-memory Redis twins even when the servers are reachable (to check the embedded default on a
 * machine that has them); =server insists on the servers; unset ("auto") uses the servers when
 * reachable and falls back to the embedded default otherwise (never under CI=true).
 */
export type TestBackend = "auto" | "server" | "embedded"

export const testBackend = (env: NodeJS.ProcessEnv = process.env): TestBackend => {
  const value = (env.PODIUM_TEST_BACKEND ?? "auto").trim().toLowerCase()
  if (value === "" || value === "auto") return "auto"
  if (value === "server" || value === "embedded") return value
  throw new Error(`PODIUM_TEST_BACKEND must be auto, server or embedded (got "${env.PODIUM_TEST_BACKEND}")`)
}
