/**
 * One endpoint, one line: `op.get(name, path, { path?, query?, body?, headers?, ok | success, summary })`.
 *
 * The same `HttpApiEndpoint` the chained form builds (`.setPath().setUrlParams().setPayload()
 * .setHeaders().addSuccess(Ok(…)).annotate(OpenApi.Summary, …)`), written as a table row so a
 * group reads as its list of operations and a grep for a path finds its whole contract. Anything
 * rarer (endpoint middleware, other annotations) chains onto the result as before.
 *
 *   ok        the answer's DTO, wrapped in the success envelope (`status` 201/202, `message` optional)
 *   success   a raw success schema instead (files, redirects, no content)
 */
import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import { Schema } from "effect"
import { Ok } from "./envelope.js"

type AnySchema = Schema.Schema.Any

interface Parts {
  readonly path?: AnySchema
  readonly query?: AnySchema
  readonly body?: AnySchema
  readonly headers?: AnySchema
  readonly summary?: string
}

/** The answer: a DTO in the envelope, or a raw success schema. */
type Answer =
  | { readonly ok: AnySchema; readonly status?: 200 | 201 | 202; readonly message?: string; readonly success?: never }
  | { readonly success: AnySchema; readonly ok?: never }

export type EndpointOptions = Parts & Answer

type TypeAt<O, K extends string> = O extends { readonly [k in K]: infer S extends AnySchema } ? Schema.Schema.Type<S> : never
type ContextAt<O, K extends string> = O extends { readonly [k in K]: infer S extends AnySchema } ? Schema.Schema.Context<S> : never
type SuccessOf<O> = O extends { readonly ok: infer S extends AnySchema } ? Schema.Schema.Type<S>
  : O extends { readonly success: infer S extends AnySchema } ? Schema.Schema.Type<S>
  : void
type Keys = "path" | "query" | "body" | "headers" | "ok" | "success"

/** The endpoint `op.<method>(name, path, options)` builds. */
export type Op<Name extends string, Method extends HttpMethod, O> = HttpApiEndpoint.HttpApiEndpoint<
  Name,
  Method,
  TypeAt<O, "path">,
  TypeAt<O, "query">,
  TypeAt<O, "body">,
  TypeAt<O, "headers">,
  SuccessOf<O>,
  never,
  { [K in Keys]: ContextAt<O, K> }[Keys]
>

const make = <Method extends HttpMethod>(method: Method) =>
<const Name extends string, const O extends EndpointOptions>(
  name: Name,
  path: HttpApiEndpoint.PathSegment,
  options: O
): Op<Name, Method, O> => {
  // The chained form, step by step; its precise types are the ones `Op` states.
  // biome-ignore lint/suspicious/noExplicitAny: each step changes the endpoint's type parameters
  let endpoint: any = HttpApiEndpoint.make(method)(name, path)
  if (options.path !== undefined) endpoint = endpoint.setPath(options.path)
  if (options.query !== undefined) endpoint = endpoint.setUrlParams(options.query)
  if (options.body !== undefined) endpoint = endpoint.setPayload(options.body)
  if (options.headers !== undefined) endpoint = endpoint.setHeaders(options.headers)
  endpoint = endpoint.addSuccess(
    options.ok !== undefined
      ? Ok(options.ok, {
        ...(options.status !== undefined ? { status: options.status } : {}),
        ...(options.message !== undefined ? { message: options.message } : {})
      })
      : options.success
  )
  if (options.summary !== undefined) endpoint = endpoint.annotate(OpenApi.Summary, options.summary)
  return endpoint
}

/** Endpoint constructors by method; see the module comment. */
export const op = {
  get: make("GET"),
  post: make("POST"),
  put: make("PUT"),
  patch: make("PATCH"),
  del: make("DELETE")
} as const
