/**
 * The front door of the HTTP host: request size limits answered in the error envelope before a
 * body is read, and CORS for the configured origins only.
 */
import { request as httpRequest } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([], { CORS_ORIGINS: "https://portal.example.com,http://localhost:*" }))
})
afterAll(() => http.close())

interface RawAnswer {
  readonly status: number
  readonly headers: Record<string, string | Array<string> | undefined>
  readonly body: string
}

/** Sends a request whose body is written by `send`; resolves with the answer as soon as it arrives. */
const raw = (
  method: string,
  path: string,
  headers: Record<string, string>,
  send: (write: (chunk: string | Buffer) => void, end: () => void) => void
): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const url = new URL(path, http.baseUrl)
    const req = httpRequest({ method, host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (c: string) => {
        body += c
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    // The server may answer (and stop reading) before the body is complete.
    req.on("error", (error) => reject(error))
    send((chunk) => req.write(chunk), () => req.end())
  })

const twoMegabytesOfJson = () => Buffer.from(JSON.stringify({ phoneNumber: "+919876543210", padding: "x".repeat(2 * 1024 * 1024) }))

describe("request body limit", () => {
  it("answers 413 in the error envelope from the declared length, before the body is sent", async () => {
    const body = twoMegabytesOfJson()
    // Only the headers and the first kilobyte go out: the answer must not wait for the rest.
    const answer = await raw(
      "POST",
      "/v2/auth/send-otp",
      { "content-type": "application/json", "content-length": String(body.length) },
      (write) => write(body.subarray(0, 1024))
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      status: 413,
      statusText: "PAYLOAD_TOO_LARGE",
      message: "Request body is above the 1048576-byte limit",
      data: null
    })
    expect(answer.headers["x-request-id"]).toBeTruthy()
  })

  it("answers 413 to a whole 2 MB JSON body and keeps the process's memory flat over many of them", async () => {
    // One body buffer reused by every send, so the client side allocates nothing per request.
    const body = twoMegabytesOfJson()
    const send = () =>
      raw("POST", "/v2/auth/send-otp", { "content-type": "application/json", "content-length": String(body.length) }, (write, end) => {
        write(body)
        end()
      })
    await send()
    const before = process.memoryUsage()
    const answers = await Promise.all(Array.from({ length: 20 }, send))
    for (const answer of answers) {
      expect(answer.status).toBe(413)
      expect(JSON.parse(answer.body).statusText).toBe("PAYLOAD_TOO_LARGE")
    }
    const after = process.memoryUsage()
    // 20 bodies buffered and parsed would be ≥ 40 MB of strings; a refused body is never held.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(16 * 1024 * 1024)
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * 1024 * 1024)
  })

  it("answers 413 to a chunked body once it passes the limit, without waiting for its end", async () => {
    const piece = Buffer.alloc(256 * 1024, "x")
    const answer = await raw(
      "POST",
      "/v2/auth/send-otp",
      { "content-type": "application/json", "transfer-encoding": "chunked" },
      (write) => {
        write("{\"phoneNumber\":\"+919876543210\",\"padding\":\"")
        for (let i = 0; i < 5; i++) write(piece)
      }
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body).statusText).toBe("PAYLOAD_TOO_LARGE")
  })

  it("still reads a JSON body under the limit", async () => {
    const answer = await http.request("POST", "/v2/auth/send-otp", { phoneNumber: "not a phone" })
    expect(answer.status).toBe(400)
  })

  it("answers 414 in the error envelope to a request target above the URL limit", async () => {
    const answer = await http.get(`/v2/admins?s=${"a".repeat(9000)}`)
    expect(answer.status).toBe(414)
    expect(answer.body).toMatchObject({ status: 414, statusText: "URI_TOO_LONG", data: null })
  })

  it("keeps idle connections open longer than load balancers do (Keep-Alive timeout 65 s)", async () => {
    const answer = await raw("GET", "/health/live", { connection: "keep-alive" }, (_write, end) => end())
    expect(answer.status).toBe(200)
    expect(answer.headers["keep-alive"]).toBe("timeout=65")
  })

  it("refuses headers above the header limit (Node answers 431)", async () => {
    const answer = await http.get("/health/live", { "x-filler": "a".repeat(20 * 1024) })
    expect(answer.status).toBe(431)
  })
})

describe("CORS", () => {
  it("answers the preflight of an allowed origin with the methods, the headers and credentials", async () => {
    const answer = await http.request("OPTIONS", "/v2/admins/me", undefined, {
      origin: "https://portal.example.com",
      "access-control-request-method": "GET",
      "access-control-request-headers": "authorization, x-organizer-id"
    })
    expect(answer.status).toBe(204)
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://portal.example.com")
    expect(answer.headers.get("access-control-allow-credentials")).toBe("true")
    expect(answer.headers.get("access-control-allow-methods")).toContain("PATCH")
    const allowedHeaders = answer.headers.get("access-control-allow-headers")?.split(/,\s*/) ?? []
    expect(allowedHeaders).toEqual(expect.arrayContaining(["authorization", "content-type", "x-organizer-id", "x-correlation-id", "if-none-match"]))
    expect(answer.headers.get("vary")).toBe("Origin")
  })

  it("answers the preflight of an origin that is not listed without any CORS header", async () => {
    const answer = await http.request("OPTIONS", "/v2/admins/me", undefined, {
      origin: "https://evil.example.net",
      "access-control-request-method": "GET"
    })
    expect(answer.status).toBe(403)
    expect([...answer.headers.keys()].filter((k) => k.startsWith("access-control-"))).toEqual([])
  })

  it("adds the CORS headers to ordinary answers for an allowed origin only", async () => {
    const allowed = await http.get("/health/live", { origin: "http://localhost:5173" })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true")
    expect(allowed.headers.get("access-control-expose-headers")).toContain("x-request-id")
    const refused = await http.get("/health/live", { origin: "http://localhost.evil.net:5173" })
    expect(refused.status).toBe(200)
    expect(refused.headers.get("access-control-allow-origin")).toBeNull()
    const noOrigin = await http.get("/health/live")
    expect(noOrigin.headers.get("access-control-allow-origin")).toBeNull()
  })
})
