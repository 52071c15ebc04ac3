/**
 * Starts the real HTTP host in-process on a free port with the infrastructure a test chooses, and
 * gives back its base URL and a `close` that releases every scope.
 */
import { HttpServer } from "@effect/platform"
import type { HttpInfrastructure, RouterServices } from "@podium/http/server"
import { httpServerLayer } from "@podium/http/server"
import { makeLifecycle, type LifecycleShape } from "@podium/http/lifecycle"
import { Effect, Layer, ManagedRuntime } from "effect"

/** A parsed answer; `body` is loose on purpose so tests can reach into the envelope. */
// biome-ignore lint/suspicious/noExplicitAny: test convenience
export type Answer = { status: number; headers: Headers; body: any; text: string }

export interface RunningHttp {
  readonly baseUrl: string
  readonly lifecycle: LifecycleShape
  readonly close: () => Promise<void>
  /** GET with a fetch `RequestInit`, or with just the request headers (`host.http.get(path, owner.headers)`). */
  readonly get: (path: string, initOrHeaders?: RequestInit | Record<string, string>) => Promise<Answer>
  readonly request: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>
  readonly post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>
  readonly put: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>
  readonly patch: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>
  readonly delete: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>
}

const InitKeys = ["headers", "method", "body", "signal", "redirect", "cache", "credentials"]
const isInit = (value: RequestInit | Record<string, string>): value is RequestInit => Object.keys(value).some((k) => InitKeys.includes(k))

export const startHttp = async <E>(
  infrastructure: Layer.Layer<HttpInfrastructure, E>,
  options: { readonly extraRoutes?: Layer.Layer<never, never, RouterServices> } = {}
): Promise<RunningHttp> => {
  const lifecycle = makeLifecycle()
  const runtime = ManagedRuntime.make(
    httpServerLayer(infrastructure, {
      port: 0,
      host: "127.0.0.1",
      lifecycle,
      accessLog: false,
      ...(options.extraRoutes === undefined ? {} : { extraRoutes: options.extraRoutes })
    }) as Layer.Layer<HttpServer.HttpServer, unknown>
  )
  const server = await runtime.runPromise(HttpServer.HttpServer)
  const address = server.address
  if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
  const baseUrl = `http://127.0.0.1:${address.port}`
  const call = async (path: string, init?: RequestInit): Promise<Answer> => {
    const response = await fetch(baseUrl + path, init)
    const text = await response.text()
    let body: unknown = undefined
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, headers: response.headers, body, text }
  }
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) })
    })
  return {
    baseUrl,
    lifecycle,
    close: () => runtime.dispose(),
    get: (path, initOrHeaders) => call(path, initOrHeaders === undefined || isInit(initOrHeaders) ? initOrHeaders : { headers: initOrHeaders }),
    request,
    post: (path, body, headers) => request("POST", path, body, headers),
    put: (path, body, headers) => request("PUT", path, body, headers),
    patch: (path, body, headers) => request("PATCH", path, body, headers),
    delete: (path, body, headers) => request("DELETE", path, body, headers)
  }
}

export const runEffect = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
