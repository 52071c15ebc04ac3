/**
 * Runs a host program as a process: JSON logs, a clear one-line message and exit 1 when start-up
 * fails (bad configuration names its variable), and a graceful stop on SIGTERM/SIGINT that first
 * lets the host drain (`onSignal`) and then interrupts the program so every scope closes; exit 0.
 */
import { Cause, ConfigError, Effect, Exit, Fiber, Logger, LogLevel } from "effect"

export interface RunHostOptions {
  /**
   * Called once, first thing in the handler of the first signal; shutdown waits for the promise
   * (e.g. drain in-flight requests). Put what must happen at once before the first await.
   */
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
    // The host's hook runs first and its synchronous part completes inside this handler (e.g. the
    // HTTP host flips readiness to 503), so no request handled after the signal sees the old state.
    const drained = options.onSignal?.(signal) ?? Promise.resolve()
    setTimeout(() => {
      process.stderr.write(`${name}: shutdown deadline passed, exiting\n`)
      process.exit(1)
    }, options.hardDeadlineMs ?? 30_000).unref()
    void drained.finally(() => {
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
