/**
 * One request to a provider's JSON API through undici: the status, headers and raw text of the
 * answer, and its body parsed as JSON (`null` when empty or not JSON, so an HTML error page from a
 * proxy is still an answer with a status). Network failures and aborts reject; each adapter maps
 * them and the statuses to its own port's errors.
 */
import { request } from "undici"

export interface JsonAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly text: string
  readonly json: unknown
}

export const requestJson = async (
  url: string,
  init: {
    readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
    readonly headers: Readonly<Record<string, string>>
    readonly body?: string | undefined
    readonly signal: AbortSignal
    /** Deadline for the answer's headers and for each pause in its body. */
    readonly timeoutMs: number
  }
): Promise<JsonAnswer> => {
  const response = await request(url, {
    method: init.method,
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: init.body }),
    signal: init.signal,
    headersTimeout: init.timeoutMs,
    bodyTimeout: init.timeoutMs
  })
  const text = await response.body.text()
  let json: unknown = null
  try {
    json = text.length > 0 ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: response.statusCode, headers: response.headers, text, json }
}

/** The parsed body when it is a JSON object (or array), else `null`. */
export const jsonObject = (json: unknown): Record<string, unknown> | null =>
  typeof json === "object" && json !== null ? json as Record<string, unknown> : null
