/**
 * Organizer recipient uploads (C "Organizer notifications" POST /upload-recipients): a CSV whose
 * header names the identifier columns — `userId`, `phone` (or `phoneNumber`), `email` — validated
 * row by row. Each data row must carry at least one well-formed identifier; it is then matched to
 * an athlete (userId first, then phone, then email). The report lists every row that was not
 * accepted with its reasons (malformed, unknown athlete, duplicate of an earlier row); the accepted
 * athletes are stored as a recipient list the organizer sends to by id.
 *
 * Decisions (spec silent): at most 5,000 data rows and 1 MB (the organizer send cap); a file with
 * no recognised column or no data rows is refused as a whole (400); rows are 1-based counting the
 * header as row 1, as spreadsheets show them.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const MaxRecipientRows = 5_000
export const MaxRecipientBytes = 1_000_000

export interface RecipientRow {
  /** 1-based line number, the header being row 1. */
  readonly row: number
  readonly userId: string | null
  readonly phone: string | null
  readonly email: string | null
  readonly errors: ReadonlyArray<string>
}

export const RecipientRowReport = Schema.Struct({
  row: Schema.Number,
  status: Schema.Literal("ACCEPTED", "INVALID", "UNKNOWN", "DUPLICATE"),
  userId: Schema.NullOr(Schema.String),
  errors: Schema.Array(Schema.String)
})
export interface RecipientRowReport extends Schema.Schema.Type<typeof RecipientRowReport> {}

export const RecipientReport = Schema.Struct({
  totalRows: Schema.Number,
  accepted: Schema.Number,
  invalid: Schema.Number,
  unknown: Schema.Number,
  duplicates: Schema.Number,
  /** Every row not accepted, in file order. */
  rejected: Schema.Array(RecipientRowReport)
})
export interface RecipientReport extends Schema.Schema.Type<typeof RecipientReport> {}

export const RecipientList = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  name: Schema.String,
  userIds: Schema.Array(Schema.String),
  report: RecipientReport,
  createdAt: Schema.DateTimeUtcFromDate
})
export interface RecipientList extends Schema.Schema.Type<typeof RecipientList> {}

/** The file as a whole cannot be read (400). */
export class RecipientFileInvalid extends DomainError<RecipientFileInvalid>()("RecipientFileInvalid", { kind: "invalid", code: "RECIPIENT_FILE_INVALID" }, {
  message: Schema.String
}) {}

/** No recipient list with that id for the organizer (404). */
export class RecipientListNotFound extends DomainError<RecipientListNotFound>()("RecipientListNotFound", { kind: "not-found", code: "RECIPIENT_LIST_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return `No recipient list ${this.id}`
  }
}

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const E164 = /^\+[1-9]\d{7,14}$/
const Email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Splits one CSV line (RFC 4180 quotes, doubled quotes inside). */
const splitLine = (line: string): Array<string> => {
  const out: Array<string> = []
  let field = ""
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quoted) {
      if (c === "\"" && line[i + 1] === "\"") {
        field += "\""
        i++
      } else if (c === "\"") quoted = false
      else field += c
    } else if (c === "\"") quoted = true
    else if (c === ",") {
      out.push(field)
      field = ""
    } else field += c
  }
  out.push(field)
  return out.map((f) => f.trim())
}

const columnOf = (header: string): "userId" | "phone" | "email" | undefined => {
  const h = header.toLowerCase().replace(/[\s_-]/g, "")
  if (h === "userid" || h === "athleteid") return "userId"
  if (h === "phone" || h === "phonenumber" || h === "mobile") return "phone"
  if (h === "email" || h === "emailaddress") return "email"
  return undefined
}

/** Parses and checks every row's shape; fails only when the file as a whole is unusable. */
export const parseRecipientCsv = (text: string): { readonly rows: ReadonlyArray<RecipientRow> } | RecipientFileInvalid => {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === "") lines.pop()
  if (lines.length === 0) return new RecipientFileInvalid({ message: "file must not be empty" })
  const headers = splitLine(lines[0]!).map(columnOf)
  if (!headers.some((h) => h !== undefined)) {
    return new RecipientFileInvalid({ message: "file must have a header row naming a userId, phone or email column" })
  }
  const data = lines.slice(1)
  if (data.filter((l) => l.trim() !== "").length === 0) return new RecipientFileInvalid({ message: "file must contain at least one recipient row" })
  if (data.length > MaxRecipientRows) return new RecipientFileInvalid({ message: `file must contain at most ${MaxRecipientRows} recipient rows` })
  const rows: Array<RecipientRow> = []
  data.forEach((line, index) => {
    if (line.trim() === "") return
    const cells = splitLine(line)
    const value = (column: "userId" | "phone" | "email") => {
      const i = headers.indexOf(column)
      const v = i < 0 ? "" : (cells[i] ?? "")
      return v === "" ? null : v
    }
    const userId = value("userId")
    const phone = value("phone")?.replace(/[\s()-]/g, "") ?? null
    const email = value("email")?.toLowerCase() ?? null
    const errors: Array<string> = []
    if (userId === null && phone === null && email === null) errors.push("row must give a userId, phone or email")
    if (userId !== null && !Uuid.test(userId)) errors.push("userId must be a UUID")
    if (phone !== null && !E164.test(phone)) errors.push("phone must be an E.164 number (e.g. +919876543210)")
    if (email !== null && !Email.test(email)) errors.push("email must be an email address")
    rows.push({ row: index + 2, userId, phone, email, errors })
  })
  return { rows }
}

/** Athletes known by id, phone and email (what the repository found for the file's identifiers). */
export interface ResolvedContacts {
  readonly userIds: ReadonlySet<string>
  readonly byPhone: ReadonlyMap<string, string>
  readonly byEmail: ReadonlyMap<string, string>
}

/** Matches each valid row to an athlete and builds the report and the accepted ids (first occurrence wins). */
export const buildRecipientReport = (rows: ReadonlyArray<RecipientRow>, contacts: ResolvedContacts) => {
  const seen = new Map<string, number>()
  const reports: Array<RecipientRowReport> = []
  const accepted: Array<string> = []
  for (const r of rows) {
    if (r.errors.length > 0) {
      reports.push({ row: r.row, status: "INVALID", userId: null, errors: r.errors })
      continue
    }
    const userId = (r.userId !== null && contacts.userIds.has(r.userId) ? r.userId : undefined) ??
      (r.phone === null ? undefined : contacts.byPhone.get(r.phone)) ??
      (r.email === null ? undefined : contacts.byEmail.get(r.email))
    if (userId === undefined) {
      reports.push({ row: r.row, status: "UNKNOWN", userId: null, errors: ["no athlete matches this row"] })
      continue
    }
    const first = seen.get(userId)
    if (first !== undefined) {
      reports.push({ row: r.row, status: "DUPLICATE", userId, errors: [`same athlete as row ${first}`] })
      continue
    }
    seen.set(userId, r.row)
    accepted.push(userId)
    reports.push({ row: r.row, status: "ACCEPTED", userId, errors: [] })
  }
  const count = (s: RecipientRowReport["status"]) => reports.filter((r) => r.status === s).length
  const report: RecipientReport = {
    totalRows: rows.length,
    accepted: accepted.length,
    invalid: count("INVALID"),
    unknown: count("UNKNOWN"),
    duplicates: count("DUPLICATE"),
    rejected: reports.filter((r) => r.status !== "ACCEPTED")
  }
  return { report, userIds: accepted }
}
