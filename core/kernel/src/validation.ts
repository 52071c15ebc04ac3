/**
 * The validation vocabulary. Every field schema here carries the wording of the spec's 400 messages
 * (class-validator style: "<field> must be …"); the HTTP host prefixes the field path, so a schema
 * only says the predicate ("must be a valid phone number").
 */
import { parsePhoneNumberFromString } from "libphonenumber-js"
import { ParseResult, Schema, SchemaAST } from "effect"

/** Annotation holding a field's predicate text, reused when the field is missing altogether. */
export const ValidationText = Symbol.for("@podium/kernel/ValidationText")

/** Annotations giving a schema the predicate text of its 400 message ("must be …"). */
export const says = (text: string) => ({
  message: () => ({ message: text, override: true }),
  [ValidationText]: text
})

/** Reads the predicate text a field schema was built with, if any. */
export const validationTextOf = (ast: SchemaAST.AST): string | undefined => {
  const direct = ast.annotations[ValidationText]
  if (typeof direct === "string") return direct
  if (SchemaAST.isTransformation(ast)) return validationTextOf(ast.to)
  if (SchemaAST.isRefinement(ast)) return validationTextOf(ast.from)
  return undefined
}

/** Any string. */
export const Str = Schema.String.annotations(says("must be a string"))

/** A string of `min`..`max` characters (class-validator `Length`). */
export const StrLength = (min: number, max: number) =>
  Schema.String.pipe(
    Schema.filter((s) => s.length >= min && s.length <= max),
    Schema.annotations(says(
      min === max
        ? `must be exactly ${min} characters`
        : `must be longer than or equal to ${min} and shorter than or equal to ${max} characters`
    )),
    Schema.annotations({ jsonSchema: { type: "string", minLength: min, maxLength: max } })
  )

/** A non-empty string after trimming. */
export const NonEmptyStr = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0),
  Schema.annotations(says("should not be empty")),
  Schema.annotations({ jsonSchema: { type: "string", minLength: 1 } })
)

/** One of a fixed set of string values (class-validator `IsIn` / `IsEnum`). */
export const OneOf = <const L extends readonly [string, ...Array<string>]>(...values: L) =>
  Schema.Literal(...values).annotations(says(`must be one of the following values: ${values.join(", ")}`))

/** An integer within bounds. */
export const IntBetween = (min: number, max: number) =>
  Schema.Number.pipe(
    Schema.filter((n) => Number.isInteger(n) && n >= min && n <= max),
    Schema.annotations(says(`must be an integer between ${min} and ${max}`)),
    Schema.annotations({ jsonSchema: { type: "integer", minimum: min, maximum: max } })
  )

/** A boolean. */
export const Bool = Schema.Boolean.annotations(says("must be a boolean value"))

/** A UUID string. */
export const UuidStr = Schema.UUID.annotations(says("must be a UUID"))

/** The request object of `Body` and `Query`: missing fields worded with their predicate text. */
const fieldsObject = <F extends Schema.Struct.Fields>(fields: F) => {
  const withMissing: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(fields)) {
    if (Schema.isSchema(field)) {
      const text = validationTextOf(field.ast) ?? "should not be empty"
      withMissing[key] = Schema.propertySignature(field).annotations({ missingMessage: () => text })
    } else {
      withMissing[key] = field
    }
  }
  return Schema.Struct(withMissing as F)
}

/**
 * A request body object whose every failing field is reported (not only the first), and whose
 * missing fields are reported with the field's own predicate text ("role must be one of …") or,
 * failing that, "should not be empty". A property the schema does not declare is dropped while
 * decoding: never stored, never echoed (clients, form libraries and proxies add their own).
 */
export const Body = <F extends Schema.Struct.Fields>(fields: F) =>
  fieldsObject(fields).annotations({ parseOptions: { errors: "all", onExcessProperty: "ignore" } })

/** Query parameters or headers, reported like `Body` (undeclared names are ignored too). */
export const Query = Body

/** A multipart form, reported like `Body` (undeclared fields are ignored too). */
export const Form = Body

/** An optional field: absent is fine, present must be valid (no `undefined` member, so one message). */
export const Optional = <S extends Schema.Schema.Any>(schema: S) => Schema.optionalWith(schema, { exact: true })

/** An integer given as text (query strings, path segments), within bounds. */
export const IntFromText = (min: number, max: number) =>
  Schema.NumberFromString.pipe(
    Schema.filter((n) => Number.isInteger(n) && n >= min && n <= max),
    Schema.annotations(says(`must be an integer between ${min} and ${max}`)),
    // Documented as the integer it decodes to, so typed clients send numbers (serialised as text).
    Schema.annotations({ jsonSchema: { type: "integer", minimum: min, maximum: max } })
  )

/**
 * A phone number in international form, checked against real numbering metadata
 * (libphonenumber-js) and normalised to E.164 (`+919876543210`).
 */
export const PhoneNumber = Schema.String.pipe(
  Schema.transformOrFail(Schema.String, {
    strict: true,
    decode: (input, _, ast) => {
      const parsed = parsePhoneNumberFromString(input.trim())
      return parsed?.isValid()
        ? ParseResult.succeed(parsed.number)
        : ParseResult.fail(new ParseResult.Type(ast, input, "must be a valid phone number"))
    },
    encode: ParseResult.succeed
  }),
  Schema.annotations({ ...says("must be a valid phone number"), jsonSchema: { type: "string", example: "+919876543210" } })
)

const EmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An e-mail address (class-validator `IsEmail` wording), trimmed and lower-cased. */
export const EmailAddress = Schema.String.pipe(
  Schema.transformOrFail(Schema.String, {
    strict: true,
    decode: (input, _, ast) => {
      const value = input.trim().toLowerCase()
      return value.length <= 254 && EmailPattern.test(value)
        ? ParseResult.succeed(value)
        : ParseResult.fail(new ParseResult.Type(ast, input, "must be an email"))
    },
    encode: ParseResult.succeed
  }),
  Schema.annotations({ ...says("must be an email"), jsonSchema: { type: "string", format: "email", example: "asha@example.com" } })
)

/** A numeric one-time code of 4 to 8 digits, given as text. */
export const OtpCode = Schema.String.pipe(
  Schema.filter((s) => /^\d{4,8}$/.test(s)),
  Schema.annotations({ ...says("must be a numeric code of 4 to 8 digits"), jsonSchema: { type: "string", pattern: "^\\d{4,8}$", example: "123456" } })
)

/** A finite number within bounds (class-validator `Min`/`Max` on a number). */
export const NumberBetween = (min: number, max: number) =>
  Schema.Number.pipe(
    Schema.filter((n) => Number.isFinite(n) && n >= min && n <= max),
    Schema.annotations(says(`must be a number between ${min} and ${max}`)),
    Schema.annotations({ jsonSchema: { type: "number", minimum: min, maximum: max } })
  )

/**
 * A number within bounds given either as a JSON number or as text (a multipart form field carries
 * only text; the same operation may be called with JSON).
 */
export const NumberField = (min: number, max: number, integer = false) =>
  Schema.transformOrFail(Schema.Union(Schema.Number, Schema.String), Schema.Number, {
    strict: true,
    decode: (input, _, ast) => {
      const n = typeof input === "number" ? input : input.trim() === "" ? Number.NaN : Number(input)
      return Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n))
        ? ParseResult.succeed(n)
        : ParseResult.fail(new ParseResult.Type(ast, input, integer ? `must be an integer between ${min} and ${max}` : `must be a number between ${min} and ${max}`))
    },
    encode: ParseResult.succeed
  }).annotations({
    ...says(integer ? `must be an integer between ${min} and ${max}` : `must be a number between ${min} and ${max}`),
    jsonSchema: { type: integer ? "integer" : "number", minimum: min, maximum: max }
  })

/** An ISO 8601 date-time given as text, decoded to a Date. */
export const DateTimeText = Schema.transformOrFail(Schema.String, Schema.DateFromSelf, {
  strict: true,
  decode: (input, _, ast) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(input) && !Number.isNaN(Date.parse(input))
      ? ParseResult.succeed(new Date(input))
      : ParseResult.fail(new ParseResult.Type(ast, input, "must be a valid ISO 8601 date string")),
  encode: (d) => ParseResult.succeed(d.toISOString())
}).annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })
