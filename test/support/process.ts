/** Runs a host's entry point as a child process, as an operator would, and watches its output. */
import { spawn, type ChildProcess } from "node:child_process"
import { resolve } from "node:path"

export const repoRoot = resolve(import.meta.dirname, "../..")

export interface HostProcess {
  readonly child: ChildProcess
  readonly output: () => string
  /** Resolves when the output contains `text`; rejects after `timeoutMs` with the output so far. */
  readonly waitForOutput: (text: string, timeoutMs?: number) => Promise<void>
  readonly exited: Promise<{ code: number | null; at: number }>
}

export const startHostProcess = (entry: string, env: Record<string, string>): HostProcess => {
  const chunks: Array<string> = []
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=podium-source", entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  child.stdout?.on("data", (d) => chunks.push(String(d)))
  child.stderr?.on("data", (d) => chunks.push(String(d)))
  const exited = new Promise<{ code: number | null; at: number }>((done) => child.once("exit", (code) => done({ code, at: Date.now() })))
  const output = () => chunks.join("")
  return {
    child,
    output,
    exited,
    // Start-up compiles the host's sources with tsx: over a minute when the cores are busy.
    waitForOutput: async (text, timeoutMs = 180_000) => {
      const deadline = Date.now() + timeoutMs
      while (!output().includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`"${text}" not seen; output:\n${output()}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }
  }
}
