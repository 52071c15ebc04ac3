/**
 * Runs a host program as a process: JSON logs, a clear one-line message and exit 1 when start-up
 * fails (bad configuration names its variable), and a graceful stop on SIGTERM/SIGINT that first
 * lets the host drain (`onSignal`) and then interrupts the program so every scope closes; exit 0.
 */
import { Cause, ConfigError, Effect, Exit, Fiber, Logger, LogLevel } from "effect"

export interface RunHostOptions {
  /** Called once at the first signal; shutdown waits for it (e.g. drain in-flight requests). */
  readonly onSignal?: (signal: NodeJS.Signals) => Promise<void>
  /** Hard deadline after the signal, then exit 1 whatever is still running. */
  readonly hardDeadlineMs?: number
}

/** Structured JSON logs, one object per line. */
export const hostLogger = Logger.json

export const parseLogLevel = (level: string | undefined): LogLevel.LogLevel =>
  LogLevel.allLevels.find((l) => l.label.toLowerCase() === (level ?? "info").toLowerCase().replace("warning", "warn")) ??
    LogLevel.Info

export const runHost = <E>(name: string, program: Effect.Effect<void, E>, options: RunHostOptions = {}) => {
  const fiber = Effect.runFork(
    program.pipe(
      Effect.provide(hostLogger),
      Logger.withMinimumLogLevel(parseLogLevel(process.env.LOG_LEVEL))
    )
  )
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      process.stderr.write(`${name}: shutdown deadline passed, exiting\n`)
      process.exit(1)
    }, options.hardDeadlineMs ?? 30_000).unref()
    void (options.onSignal?.(signal) ?? Promise.resolve()).finally(() => {
      Effect.runFork(Fiber.interrupt(fiber))
    })
  }
  process.on("SIGTERM", onSignal)
  process.on("SIGINT", onSignal)
  fiber.addObserver((exit) => {
    if (Exit.isSuccess(exit) || Cause.isInterruptedOnly(exit.cause)) {
      process.exit(0)
    }
    const failure = Cause.failureOption(exit.cause)
    const message = failure._tag === "Some" && ConfigError.isConfigError(failure.value)
      ? `invalid configuration: ${String(failure.value)}`
      : Cause.pretty(exit.cause)
    process.stderr.write(`${name}: failed to run: ${message}\n`)
    process.exit(1)
  })
  return fiber
}
