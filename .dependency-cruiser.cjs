/**
 * The dependency rule of ARCHITECTURE.md section 1, checked in CI with `pnpm depcheck`:
 *
 *   kernel ← core ← adapters ← hosts,   kernel ← contracts ← hosts
 *
 * Workspace packages (`@podium/core`, `@podium/contracts/platform`, ...) are resolved through
 * their package.json `exports` with the `podium-source` condition, so an import of a workspace
 * package is checked as an import of that package's folder (`core/src/...`), exactly like a
 * relative import would be. Third-party packages are matched on their real path inside
 * `node_modules` (pnpm's `.pnpm/<name>@<version>/node_modules/<name>/`), and node built-ins on
 * their `node:` name.
 */

/** Matches a resolved path inside the installed package `name` (scoped or not). */
const pkg = (name) => `(^|/)node_modules/${name}/`

const EFFECT = pkg("effect")
/**
 * Pure, I/O-free libraries the kernel may use for value rules (ARCHITECTURE.md section 1 says
 * "only effect"; a phone number's validity is a value rule that needs real metadata, so the
 * phone-number library is allowed here too and nowhere does it reach I/O).
 */
const PURE_VALUE_LIBS = pkg("libphonenumber-js")
const EFFECT_PLATFORM = pkg("@effect/platform")
const KERNEL = "^core/kernel/"
const CORE = "^core/src/"
/** What a test inside core may use on top of core's own allowance: the test runner only. */
const TEST_RUNNER = `${pkg("vitest")}|${pkg("@effect/vitest")}|${pkg("@vitest/[^/]+")}`
/** Package names, for imports that did not resolve (a missing package.json dependency). */
const HOST_PACKAGE = "^@podium/(http|worker|scheduler|cli|host-common)(/|$)"
const HOST_OR_CONTRACT_PACKAGE = "^@podium/(http|worker|scheduler|cli|host-common|contracts)(/|$)"
const TEST_FILE = "\\.(test|spec)\\.ts$"

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "kernel-imports-only-effect",
      comment: "The kernel (@podium/kernel) is shared vocabulary: it may import `effect` (and pure value libraries) and nothing else.",
      severity: "error",
      from: { path: KERNEL },
      to: { pathNot: [KERNEL, EFFECT, PURE_VALUE_LIBS] }
    },
    {
      name: "core-imports-only-effect-and-kernel",
      comment:
        "Core (@podium/core) is framework-free: only `effect` and @podium/kernel. No node: built-ins, drivers, @effect/platform, adapters, hosts or contracts.",
      severity: "error",
      from: { path: CORE, pathNot: TEST_FILE },
      to: { pathNot: [CORE, KERNEL, EFFECT] }
    },
    {
      name: "core-tests-import-only-core-and-the-test-runner",
      comment: "Tests next to core models may add the test runner, nothing else.",
      severity: "error",
      from: { path: [`${CORE}.*${TEST_FILE}`] },
      to: { pathNot: [CORE, KERNEL, EFFECT, TEST_RUNNER] }
    },
    {
      name: "contracts-never-import-core-adapters-or-hosts",
      comment:
        "Contracts (@podium/contracts) describe the wire: effect, @effect/platform and @podium/kernel only; never core internals, adapters or hosts.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { pathNot: ["^contracts/", KERNEL, EFFECT, EFFECT_PLATFORM] }
    },
    {
      name: "adapters-never-import-hosts-or-contracts",
      comment: "Adapters implement core ports; they know nothing of hosts or the HTTP contract.",
      severity: "error",
      from: { path: "^adapters/" },
      to: { path: ["^hosts/", "^contracts/", HOST_OR_CONTRACT_PACKAGE] }
    },
    {
      name: "nothing-below-hosts-imports-a-host",
      comment: "Hosts are composition roots; only other hosts (and tests) may import them.",
      severity: "error",
      from: { path: ["^core/", "^contracts/", "^adapters/"] },
      to: { path: ["^hosts/", HOST_PACKAGE] }
    },
    {
      name: "workspace-imports-resolve",
      comment:
        "An unresolvable @podium/* import would slip past every rule above; fail instead (missing dependency in package.json or a wrong exports entry).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^@podium/" }
    },
    {
      name: "no-unresolvable-relative-imports",
      comment: "A relative import that does not resolve is a typo or a deleted file.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^\\.\\.?/" }
    }
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Our own build output is not source. Anchored so that nothing inside node_modules (whose
    // packages live under `dist/` too) is excluded: an excluded target is silently dropped from
    // the graph, which would hide exactly the imports these rules exist to catch.
    exclude: { path: "^(core|core/kernel|contracts|contracts/src/[a-z-]+|adapters/[a-z-]+|hosts/[a-z-]+)/(\\.tsbuild|dist)/" },
    // Type-only imports count: a core file must not even mention a driver's types.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["podium-source", "import", "node", "default"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      mainFields: ["module", "main"]
    },
    reporterOptions: {
      text: { highlightFocused: true }
    }
  }
}
