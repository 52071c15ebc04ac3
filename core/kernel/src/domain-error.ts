/**
 * Domain errors that carry their public meaning. An expected failure is declared once, in core,
 * with the status class it answers with and the spec's code; the hosts turn any of them into the
 * error envelope with one generic mapping, so no context keeps its own error table.
 *
 * ```ts
 * export class TicketSoldOut extends DomainError<TicketSoldOut>()("TicketSoldOut",
 *   { kind: "conflict", code: "TICKET_SOLD_OUT" }, { ticketId: Schema.String }) {
 *   override get message() { return "Ticket is sold out" }
 * }
 * ```
 */
import { type Cause, Schema } from "effect"

/** What a failure means to a client; each kind answers with one status. */
export const ErrorKind = Schema.Literal(
  "invalid",
  "unauthorized",
  "forbidden",
  "not-found",
  "conflict",
  "unprocessable",
  "rate-limited",
  "unavailable"
)
export type ErrorKind = typeof ErrorKind.Type
export const ErrorKinds: ReadonlyArray<ErrorKind> = ErrorKind.literals

export const statusOfKind: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  unprocessable: 422,
  "rate-limited": 429,
  unavailable: 503
}

/** How one error class reads on the wire. Functions see the error's fields, for errors whose code varies. */
export interface ErrorMeaning<E = never> {
  readonly kind: ErrorKind | ((error: E) => ErrorKind)
  /** The spec's machine-readable code (`TICKET_SOLD_OUT`), when it names one. */
  readonly code?: string | ((error: E) => string | undefined)
  /** The public message, when the error's own message is not meant for clients ("Access Denied"). */
  readonly message?: string | ((error: E) => string)
  /** For `invalid`: the 400 body lists these, one per failing field, in the spec's wording. */
  readonly messages?: (error: E) => ReadonlyArray<string>
}

export const MeaningKey: unique symbol = Symbol.for("@podium/kernel/DomainError/meaning")

/** Any error declared with {@link DomainError}. */
export interface DomainErrorAny {
  readonly _tag: string
  readonly message: string
  readonly [MeaningKey]: ErrorMeaning<never>
}

export const isDomainError = (u: unknown): u is DomainErrorAny =>
  typeof u === "object" && u !== null && MeaningKey in u

/** The envelope parts of a domain error: status, code, message (or the 400 message list). */
export interface PublicFailure {
  readonly kind: ErrorKind
  readonly status: number
  readonly code: string | undefined
  readonly message: string
  readonly messages: ReadonlyArray<string> | undefined
}

const read = <A>(value: A | ((error: never) => A), error: DomainErrorAny): A =>
  typeof value === "function" ? (value as (error: DomainErrorAny) => A)(error) : value

/** The kind of a domain error (what the error wires test, one per kind, without building the rest). */
export const kindOf = (error: DomainErrorAny): ErrorKind => read((error[MeaningKey] as ErrorMeaning<DomainErrorAny>).kind, error)

/** Reads the public meaning of a domain error. */
export const publicFailureOf = (error: DomainErrorAny): PublicFailure => {
  const meaning = error[MeaningKey] as ErrorMeaning<DomainErrorAny>
  const kind = kindOf(error)
  const messages = meaning.messages?.(error)
  const message = meaning.message === undefined ? error.message : read(meaning.message, error)
  return {
    kind,
    status: statusOfKind[kind],
    code: meaning.code === undefined ? undefined : read(meaning.code, error),
    message: message === "" ? (messages?.join("; ") ?? error._tag) : message,
    messages
  }
}

/**
 * `Schema.TaggedError` plus a public meaning. Use as
 * `class X extends DomainError<X>()("X", { kind: "conflict", code: "X_CODE" }, { ...fields }) {}`.
 */
export const DomainError = <Self>() =>
<Tag extends string, Fields extends Schema.Struct.Fields = {}>(
  tag: Tag,
  meaning: ErrorMeaning<Schema.Struct.Type<Fields>>,
  fields?: Fields
): DomainErrorClass<Self, Tag, { readonly _tag: Schema.tag<Tag> } & Fields> => {
  const Base = Schema.TaggedError<Self>()(tag, fields ?? ({} as Fields)) as unknown as { readonly prototype: object }
  Object.defineProperty(Base.prototype, MeaningKey, { value: meaning, enumerable: false })
  Object.defineProperty(Base, "meaning", { value: meaning, enumerable: false })
  return Base as never
}

/** The class {@link DomainError} returns: a tagged error whose instances carry their meaning. */
export interface DomainErrorClass<Self, Tag extends string, Fields extends Schema.Struct.Fields> extends
  Schema.Class<
    Self,
    Fields,
    Schema.Struct.Encoded<Fields>,
    Schema.Struct.Context<Fields>,
    Schema.Struct.Constructor<Omit<Fields, "_tag">>,
    { readonly [MeaningKey]: ErrorMeaning<never> },
    Cause.YieldableError
  >
{
  readonly _tag: Tag
  readonly meaning: ErrorMeaning<never>
}

/**
 * The 400 of a use case's own checks (the ones a schema cannot express): the failing fields'
 * messages in the spec's wording. Declared in one line:
 * `class EventInvalid extends InputInvalid<EventInvalid>()("EventInvalid") {}`.
 */
export const InputInvalid = <Self>() =>
<Tag extends string>(tag: Tag): DomainErrorClass<Self, Tag, { readonly _tag: Schema.tag<Tag>; readonly messages: Schema.Array$<typeof Schema.String> }> => {
  const Base = DomainError<Self>()(tag, { kind: "invalid", messages: (e) => e.messages }, { messages: Schema.Array(Schema.String) })
  Object.defineProperty(Base.prototype, "message", {
    get(this: { readonly messages: ReadonlyArray<string> }) {
      return this.messages.join("; ")
    },
    configurable: true
  })
  return Base
}
