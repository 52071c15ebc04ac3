/**
 * The access log's writer: one JSON line per answered request, with the fields the Effect JSON
 * logger gave it (message, logLevel, timestamp, annotations {method, path, status, durationMs,
 * requestId, correlationId?}, spans, fiberId), but formatted directly and written in batches.
 *
 * Why not `Effect.logInfo`: the logger machinery (fiber-ref reads, annotation maps, the generic
 * structured formatter, one synchronous `console.log` per line) cost more than the request it
 * described. Here a line is appended to a buffer and the buffer goes out in one write per event
 * loop turn (or sooner when it grows past `flushBytes`). Lines are never dropped: the buffer is
 * written synchronously when the process exits (SIGTERM ends in `process.exit`, which runs the
 * `exit` listeners), and `flush()` is exported for callers that need it earlier.
 */

export interface AccessLogLine {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly durationMs: number
  readonly requestId: string
  readonly correlationId: string | undefined
}

export interface AccessLogWriter {
  readonly write: (line: AccessLogLine) => void
  /** Writes whatever is buffered now (synchronously as far as the sink allows). */
  readonly flush: () => void
}

/** Where batches go: stdout unless a test gives another sink. */
export type AccessLogSink = (chunk: string) => void

const stdoutSink: AccessLogSink = (chunk) => {
  process.stdout.write(chunk)
}

/** A buffered writer to `sink`; one per process is enough (see `accessLog`). */
export const makeAccessLogWriter = (sink: AccessLogSink = stdoutSink, flushBytes = 64 * 1024): AccessLogWriter => {
  let buffer = ""
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (buffer === "") return
    const chunk = buffer
    buffer = ""
    sink(chunk)
  }
  const write = (line: AccessLogLine) => {
    // Field order and shapes as Logger.json printed them, so log queries keep working.
    buffer += `{"message":"request","logLevel":"INFO","timestamp":"${new Date().toISOString()}","annotations":{"method":${
      JSON.stringify(line.method)
    },"path":${JSON.stringify(line.path)},"status":${line.status},"durationMs":${line.durationMs},"requestId":${
      JSON.stringify(line.requestId)
    }${line.correlationId === undefined ? "" : `,"correlationId":${JSON.stringify(line.correlationId)}`}},"spans":{},"fiberId":"#0"}\n`
    if (buffer.length >= flushBytes) flush()
    else if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
  return { write, flush }
}

let shared: AccessLogWriter | undefined

/** The process's access log writer, created on first use and flushed when the process exits. */
export const accessLog = (): AccessLogWriter => {
  if (shared === undefined) {
    const writer = makeAccessLogWriter()
    process.once("exit", writer.flush)
    shared = writer
  }
  return shared
}
