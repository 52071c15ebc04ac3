/** Bib numbering (C "Check-in and bib config"): range rules, labels and errors. */
import { type BibRange, defineMoves, type DigitalBibStatus, DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** Why a set of ranges is refused: a range ending before it starts, two overlapping, two defaults. */
export const rangeProblems = (ranges: ReadonlyArray<BibRange>): ReadonlyArray<string> => {
  const problems: Array<string> = []
  ranges.forEach((r, i) => {
    if (r.from > r.to) problems.push(`ranges.${i} must start at or before its end`)
  })
  const sorted = [...ranges].sort((a, b) => a.from - b.from)
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.from <= sorted[i - 1]!.to) problems.push(`ranges ${sorted[i - 1]!.from}-${sorted[i - 1]!.to} and ${sorted[i]!.from}-${sorted[i]!.to} overlap`)
  }
  if (ranges.filter((r) => r.ticketId === null).length > 1) problems.push("ranges may hold one default range (ticketId null)")
  const tickets = ranges.map((r) => r.ticketId).filter((t) => t !== null)
  if (new Set(tickets).size !== tickets.length) problems.push("ranges may hold one range per ticket")
  return problems
}

/** The range a ticket's participants are numbered from: its own, else the default. */
export const rangeFor = (ranges: ReadonlyArray<BibRange>, ticketId: string): BibRange | undefined =>
  ranges.find((r) => r.ticketId === ticketId) ?? ranges.find((r) => r.ticketId === null)

export const bibLabel = (prefix: string, n: number) => `${prefix}${n}`

/** The number a scanned bib names (its prefix optional), or undefined. */
export const bibNumberOf = (prefix: string, scanned: string): number | undefined => {
  const text = scanned.trim().toUpperCase()
  const bare = prefix !== "" && text.startsWith(prefix.toUpperCase()) ? text.slice(prefix.length) : text
  return /^\d{1,6}$/.test(bare) ? Number(bare) : undefined
}

export class BibRangesInvalid extends DomainError<BibRangesInvalid>()("BibRangesInvalid", {
  kind: "invalid",
  messages: (e) => e.problems
}, { problems: Schema.Array(Schema.String) }) {
  override get message() {
    return this.problems.join("; ")
  }
}

export class BibTaken extends DomainError<BibTaken>()("BibTaken", { kind: "conflict", code: "BIB_TAKEN" }, { number: Schema.Int }) {
  override get message() {
    return `Bib ${this.number} belongs to another participant`
  }
}

export class BibNotAssignable extends DomainError<BibNotAssignable>()("BibNotAssignable", { kind: "conflict", code: "BIB_NOT_ASSIGNABLE" }, { reason: Schema.String }) {
  override get message() {
    return `No bib can be assigned: ${this.reason}`
  }
}

/** Digital bibs (C "Digital bibs", states.tsv "Digital bib"): a reissue (new link) from any state, a revoke of a live one. */
export const DigitalBibMoves = defineMoves<DigitalBibStatus>()({ machine: "digital bib", code: "DIGITAL_BIB_STATUS_CONFLICT" }, {
  reissue: { from: ["ISSUED", "REISSUED", "REVOKED"], to: "REISSUED" },
  revoke: { from: ["ISSUED", "REISSUED"], to: "REVOKED" }
})
export type DigitalBibMove = keyof typeof DigitalBibMoves.table

/** Random bytes behind a public bib link (base64url of 12 bytes: 16 characters, 96 bits, unguessable). */
export const DigitalBibSlugBytes = 12

export class DigitalBibNotFound extends DomainError<DigitalBibNotFound>()("DigitalBibNotFound", { kind: "not-found", code: "DIGITAL_BIB_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return `Digital bib ${this.ref} not found`
  }
}
