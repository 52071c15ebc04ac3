/**
 * The access log's buffered writer: the same JSON fields the Effect JSON logger printed, written
 * in batches, nothing lost when the buffer is flushed (as the host does when the process exits).
 */
import { makeAccessLogWriter } from "@podium/http/access-log"
import { describe, expect, it } from "vitest"

describe("access log writer", () => {
  it("writes one JSON line per request with the logger's fields, in one batch when flushed", () => {
    const chunks: Array<string> = []
    const writer = makeAccessLogWriter((chunk) => chunks.push(chunk))
    writer.write({ method: "GET", path: "/v2/admins/7", status: 200, durationMs: 1.25, requestId: "req-1", correlationId: undefined })
    writer.write({ method: "POST", path: "/v2/auth/\"odd\"", status: 400, durationMs: 3, requestId: "req-2", correlationId: "corr-9" })
    expect(chunks).toEqual([])
    writer.flush()
    expect(chunks).toHaveLength(1)
    const lines = chunks[0]!.split("\n")
    expect(lines.pop()).toBe("")
    const [first, second] = lines.map((line) => JSON.parse(line))
    expect(first).toEqual({
      message: "request",
      logLevel: "INFO",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      annotations: { method: "GET", path: "/v2/admins/7", status: 200, durationMs: 1.25, requestId: "req-1" },
      spans: {},
      fiberId: "#0"
    })
    expect(second.annotations).toEqual({ method: "POST", path: "/v2/auth/\"odd\"", status: 400, durationMs: 3, requestId: "req-2", correlationId: "corr-9" })
  })

  it("writes on its own once the buffer passes its size, and flushes nothing twice", () => {
    const chunks: Array<string> = []
    const writer = makeAccessLogWriter((chunk) => chunks.push(chunk), 512)
    for (let i = 0; i < 10; i++) {
      writer.write({ method: "GET", path: `/health/live?i=${i}`, status: 200, durationMs: 0.5, requestId: `r${i}`, correlationId: undefined })
    }
    expect(chunks.length).toBeGreaterThan(0)
    writer.flush()
    writer.flush()
    const lines = chunks.join("").split("\n").filter((l) => l !== "")
    expect(lines.map((l) => JSON.parse(l).annotations.requestId)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`))
  })
})
