/** Child-process plumbing for the benchmark: free ports, server start/stop, CPU time from /proc. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { repoRoot } from "./setup.js"

/** Kernel clock ticks per second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat times. */
const clockTicks = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100
  } catch {
    return 100
  }
})()

/** User + system CPU time of a process so far, in microseconds (resolution 1/CLK_TCK s). */
export const cpuMicros = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  // Fields after "(comm)": state is field 3, utime 14, stime 15 (1-based).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const ticks = Number(fields[11]) + Number(fields[12])
  return (ticks * 1_000_000) / clockTicks
}

/** A free loopback TCP port. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface RunningServer {
  readonly name: string
  readonly baseUrl: string
  readonly pid: number
  readonly child: ChildProcess
  readonly output: () => string
  readonly stop: () => Promise<void>
}

/** Starts `node <args>` with `env`, then waits until `readyPath` answers 200. */
export const startServer = async (options: {
  readonly name: string
  readonly port: number
  readonly args: ReadonlyArray<string>
  readonly env: Record<string, string>
  readonly cwd: string
  readonly readyPath: string
  readonly timeoutMs?: number
}): Promise<RunningServer> => {
  let output = ""
  const child = spawn(process.execPath, [...options.args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"]
  })
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  const baseUrl = `http://127.0.0.1:${options.port}`
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`${options.name} exited early (code ${code}, signal ${signal}):\n${output}`)))
  )
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        const response = await fetch(baseUrl + options.readyPath, { signal: AbortSignal.timeout(2_000) })
        await response.arrayBuffer()
        if (response.status === 200) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`${options.name} not ready at ${baseUrl}${options.readyPath} within the timeout:\n${output}`)
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    child.kill("SIGKILL")
    throw error
  }
  exited.catch(() => undefined)
  if (child.pid === undefined) throw new Error(`${options.name}: no pid`)
  const pid = child.pid
  return {
    name: options.name,
    baseUrl,
    pid,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000)
        child.once("exit", () => {
          clearTimeout(timer)
          resolve()
        })
        child.kill("SIGTERM")
      })
  }
}

/**
 * The HTTP host from its sources on a scratch database, as the scenario benches run it: development
 * settings, access log off, one process (no worker or scheduler inside), and a fixed OTP code for each
 * of `otpPhones` with the per-address caps raised (every request comes from 127.0.0.1).
 */
export const startPodiumFromSources = async (options: {
  readonly databaseUrl: string
  readonly dataDir: string
  readonly otp: string
  readonly otpPhones: ReadonlyArray<string>
  /** More environment (a gateway's address, REDIS_URL…). */
  readonly env?: Record<string, string>
  readonly nodeArgs?: ReadonlyArray<string>
  readonly timeoutMs?: number
}): Promise<RunningServer> =>
  startServer({
    name: "podium",
    port: await freePort(),
    cwd: repoRoot,
    args: [...(options.nodeArgs ?? []), "--conditions=podium-source", "--import", "tsx", "hosts/http/src/main.ts"],
    env: {
      HOST: "127.0.0.1",
      APP_ENV: "development",
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      ACCESS_LOG: "false",
      LOG_LEVEL: "warning",
      ALL_IN_ONE: "false",
      AUTH_TEST_OTPS: options.otpPhones.map((n) => `${n}=${options.otp}`).join(","),
      AUTH_OTP_CAP_SCALE: "100000",
      ...options.env
    },
    readyPath: "/health/live",
    timeoutMs: options.timeoutMs ?? 180_000
  })
