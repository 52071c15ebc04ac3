/** What the identity handlers read from the request: client address and user agent. */
import { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"

export interface ClientInfo {
  readonly ip: string | undefined
  readonly userAgent: string | undefined
}

/** The peer address (no proxy headers are trusted) and the user agent of the request. */
export const clientInfo: Effect.Effect<ClientInfo, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => ({
    ip: Option.getOrUndefined(request.remoteAddress),
    userAgent: request.headers["user-agent"]
  })
)

/** The token of an `Authorization: Bearer <token>` header, if any. */
export const bearerOf = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")
  return match?.[1]
}
