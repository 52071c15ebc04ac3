#!/usr/bin/env node
// Runs the timing-sensitive test files several times while busy-loop processes keep every core
// occupied, and reports every failure with its run. A test that passes only on a quiet machine
// fails here first. Run it whenever one of these files (or the code they time) changes.
//
//   pnpm flake-hunt                      # 3 runs of every file below, under load
//   pnpm flake-hunt --runs 5             # more runs
//   pnpm flake-hunt --no-load            # the same runs on a quiet machine, to compare
//   pnpm flake-hunt --no-browser         # skip the Chromium explorer tests
//   pnpm flake-hunt test/http/shutdown.process.test.ts   # only the files given
//
// Exit code 0 when every run passed, 1 otherwise.
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { availableParallelism, tmpdir } from "node:os"
import { join, resolve } from "node:path"

const root = resolve(import.meta.dirname, "..")

/** The files whose outcome could depend on timing, by what they time. */
export const timingSensitive = {
  "processes and signals": ["test/http/shutdown.process.test.ts", "test/hosts/background-hosts.process.test.ts"],
  "real and test clocks": [
    "test/identity/access-token-cache.test.ts",
    "test/identity/otp.use-case.test.ts",
    "test/identity/phone-sign-in.test.ts",
    "test/organizers/crew-join-codes.test.ts",
    "test/platform/scheduler.test.ts",
    "test/platform/redis-ports.test.ts",
    "test/platform/otlp-effect-exporter.test.ts",
    "test/http/memory.test.ts"
  ],
  "concurrency, leases and retries": [
    "test/platform/worker.test.ts",
    "test/platform/job-queue-memory.test.ts",
    "test/platform/job-queue-pg.test.ts",
    "test/notifications/outbox-repo.test.ts",
    "test/notifications/delivery.test.ts",
    "test/notifications/providers.http.test.ts",
    "test/registrations/booking.test.ts",
    "test/registrations/check-in.test.ts",
    "test/challenges/participations.test.ts",
    "test/events/events-lifecycle.test.ts"
  ],
  browser: ["test/http/explorers.browser.test.ts"]
}

const args = process.argv.slice(2)
const flag = (name) => args.includes(name)
const runsAt = args.indexOf("--runs")
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 3
const given = args.filter((a, i) => !a.startsWith("--") && !(runsAt >= 0 && i === runsAt + 1))
const all = Object.values(timingSensitive).flat()
const chosen = given.length > 0 ? given : all.filter((f) => !(flag("--no-browser") && f.endsWith(".browser.test.ts")))
const missing = chosen.filter((f) => !existsSync(join(root, f)))
if (missing.length > 0) {
  console.error(`flake-hunt: no such file: ${missing.join(", ")}`)
  process.exit(2)
}
const suite = chosen.filter((f) => !f.endsWith(".browser.test.ts"))
const browser = chosen.filter((f) => f.endsWith(".browser.test.ts"))

// One busy loop per core, as another process on the machine would do.
const load = flag("--no-load")
  ? []
  : Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }))
const stopLoad = () => {
  for (const child of load) child.kill("SIGKILL")
}
process.on("exit", stopLoad)
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130))

const out = mkdtempSync(join(tmpdir(), "podium-flake-hunt-"))

/** Runs vitest once; resolves with the failed tests (file › name) and the exit code. */
const vitest = (files, config, report) =>
  new Promise((done) => {
    const argv = ["exec", "vitest", "run", ...(config ? ["--config", config] : []), "--reporter=dot", "--reporter=json", `--outputFile.json=${report}`, ...files]
    const child = spawn("pnpm", argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"] })
    let log = ""
    child.stdout.on("data", (d) => (log += d))
    child.stderr.on("data", (d) => (log += d))
    child.on("exit", (code) => {
      const failed = []
      try {
        const json = JSON.parse(readFileSync(report, "utf8"))
        for (const file of json.testResults ?? []) {
          const name = file.name.replace(`${root}/`, "")
          const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed")
          for (const t of tests) failed.push({ test: `${name} › ${t.fullName}`, message: (t.failureMessages ?? []).join("\n").split("\n").slice(0, 6).join("\n") })
          if (tests.length === 0 && file.status === "failed") failed.push({ test: name, message: (file.message ?? "").split("\n").slice(0, 6).join("\n") })
        }
      } catch {
        failed.push({ test: `vitest ${files.join(" ")}`, message: `no report (exit ${code}):\n${log.split("\n").slice(-20).join("\n")}` })
      }
      if (code !== 0 && failed.length === 0) failed.push({ test: `vitest ${files.join(" ")}`, message: `exit ${code}:\n${log.split("\n").slice(-20).join("\n")}` })
      done(failed)
    })
  })

console.log(`flake-hunt: ${runs} run(s) of ${chosen.length} file(s), ${load.length > 0 ? `${load.length} busy-loop process(es) keeping the cores busy` : "no added load"}`)
for (const [kind, files] of Object.entries(timingSensitive)) {
  const picked = files.filter((f) => chosen.includes(f))
  if (picked.length > 0) console.log(`  ${kind}: ${picked.join(", ")}`)
}

const failures = []
const started = Date.now()
for (let run = 1; run <= runs; run++) {
  const runStarted = Date.now()
  const failed = [
    ...(suite.length > 0 ? await vitest(suite, undefined, join(out, `suite-${run}.json`)) : []),
    ...(browser.length > 0 ? await vitest(browser, "vitest.browser.config.ts", join(out, `browser-${run}.json`)) : [])
  ]
  for (const f of failed) failures.push({ run, ...f })
  console.log(`run ${run}/${runs}: ${failed.length === 0 ? "passed" : `${failed.length} failure(s)`} in ${Math.round((Date.now() - runStarted) / 1000)} s`)
  for (const f of failed) console.log(`  FAILED ${f.test}\n    ${f.message.replace(/\n/g, "\n    ")}`)
}
stopLoad()

const seconds = Math.round((Date.now() - started) / 1000)
if (failures.length === 0) {
  console.log(`flake-hunt: no failure in ${runs} run(s) (${seconds} s); reports in ${out}`)
  process.exit(0)
}
const byTest = new Map()
for (const f of failures) byTest.set(f.test, [...(byTest.get(f.test) ?? []), f.run])
console.log(`flake-hunt: ${failures.length} failure(s) in ${runs} run(s) (${seconds} s); reports in ${out}`)
for (const [test, inRuns] of byTest) console.log(`  ${test}: failed in run(s) ${inRuns.join(", ")}`)
process.exit(1)
