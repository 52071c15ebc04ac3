/**
 * Turns schema decode issues into the spec's 400 message list ("phoneNumber must be a valid phone
 * number"): the field path, a space, then the predicate text the schema carries. Issues whose
 * message is the validator's own wording ("Expected string, actual 5") are reworded in the same
 * class-validator style, so no 400 shows schema internals.
 */
import { type HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"

interface Issue {
  readonly _tag?: string
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

const startsWithPredicate = /^(must|should|is|are|has|have|cannot|can not)\b/

/** The validator's own wording, which must never reach a client. */
const Internals = /Expected |, actual |\breadonly\b|\| filter|\bactual\b|<->|ReadonlyArray</

/** A class-validator style predicate for the validator's "Expected X, actual Y". */
const predicateOf = (message: string): string => {
  const expected = /^Expected (.*?)(?:, actual .*)?$/s.exec(message)?.[1]?.trim() ?? ""
  if (expected === "string" || expected.startsWith("a string")) return "must be a string"
  if (expected === "number" || expected.startsWith("a number") || expected.startsWith("NumberFromString")) return "must be a number"
  if (expected === "boolean") return "must be a boolean value"
  if (expected.startsWith("{")) return "must be an object"
  if (expected.startsWith("ReadonlyArray<") || expected.startsWith("readonly [") || expected.startsWith("Array<")) return "must be an array"
  const literals = expected.split(" | ").map((s) => s.trim())
  if (literals.length > 0 && literals.every((l) => /^"[^"]*"$/.test(l))) {
    return `must be one of the following values: ${literals.map((l) => l.slice(1, -1)).join(", ")}`
  }
  return "has an invalid value"
}

export const issueMessage = (issue: Issue): string => {
  const path = issue.path.map(String).join(".")
  if (issue.message === "is missing") return path === "" ? "request body should not be empty" : `${path} should not be empty`
  const message = Internals.test(issue.message) ? predicateOf(issue.message) : issue.message
  if (path === "") return Internals.test(issue.message) ? `request ${message}` : message
  return startsWithPredicate.test(message) ? `${path} ${message}` : `${path}: ${message}`
}

/** Unique messages in order of appearance. */
export const issueMessages = (issues: ReadonlyArray<Issue>): Array<string> => [...new Set(issues.map(issueMessage))]

/**
 * A JSON request body as the operation's object schema should see it: no body (`null`) is an
 * empty object, so operations whose fields are all optional accept a bodiless request; an array
 * or any other non-object is an empty object too, so the answer lists the missing fields in the
 * spec's words instead of the validator's "Expected { … }, actual […]".
 */
export const asObjectBody = (body: unknown): unknown =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}

/** The request with its JSON body read through `asObjectBody` (other readings untouched). */
export const withObjectBody = (request: HttpServerRequest.HttpServerRequest): HttpServerRequest.HttpServerRequest => {
  return Object.create(request, { json: { get: () => Effect.map(request.json, asObjectBody) } }) as HttpServerRequest.HttpServerRequest
}
