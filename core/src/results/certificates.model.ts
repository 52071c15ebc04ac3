/**
 * Certificates: the publication machine of an event's certificates and the issuance machine of one
 * certificate (states.tsv "Event certificates", "Certificate issuance"), template variables, the
 * verification code and the text a certificate prints.
 */
import { type CertificateStatus, CertificateVariables, type CertificatesPublicationStatus, defineMoves, DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** Publish is idempotent (a second publish issues to whoever became eligible since); unpublish only from published. */
export const CertificatesPublicationMoves = defineMoves<CertificatesPublicationStatus>()({ machine: "event certificates", code: "CERTIFICATES_STATUS_CONFLICT" }, {
  publish: { from: ["unpublished", "published"], to: "published" },
  unpublish: { from: ["published"], to: "unpublished" }
})

/** Revoke is reversible. */
export const CertificateMoves = defineMoves<CertificateStatus>()({ machine: "certificate", code: "CERTIFICATE_STATUS_CONFLICT" }, {
  revoke: { from: ["ISSUED"], to: "REVOKED" },
  unrevoke: { from: ["REVOKED"], to: "ISSUED" }
})
export type CertificateMove = keyof typeof CertificateMoves.table

const VariablePattern = /\{\{\s*([A-Za-z0-9_.-]*)\s*\}\}/g
const known = new Set<string>(CertificateVariables.map((v) => v.name))

/** The messages naming every unknown `{{variable}}` of the template's text fields (empty: valid). */
export const unknownVariables = (fields: Readonly<Record<string, string | undefined>>): ReadonlyArray<string> =>
  Object.entries(fields).flatMap(([field, text]) =>
    text === undefined ? [] : [...new Set([...text.matchAll(VariablePattern)].map((m) => m[1]!))].filter((name) => !known.has(name)).map((name) => `${field} uses unknown variable {{${name}}}`))

/** The text with every `{{variable}}` replaced by its value. */
export const fillVariables = (text: string, values: Readonly<Record<string, string>>): string =>
  text.replace(VariablePattern, (_, name: string) => values[name] ?? "")

/** The HMAC purpose of certificate verification codes. */
export const CertificateCodePurpose = "results.certificate"

/** The verification code of a certificate: 20 hex of the HMAC of its id, upper case in groups of 5. */
export const certificateCodeOf = (digest: string): string => digest.slice(0, 20).toUpperCase().replace(/(.{5})(?=.)/g, "$1-")

/** Where anyone checks a certificate (the public verify route of results). */
export const verificationPathOf = (certificateId: string, code: string): string => `/v2/race/results/${certificateId}/verify?code=${code}`

export class CertificateTemplateNotFound extends DomainError<CertificateTemplateNotFound>()("CertificateTemplateNotFound", {
  kind: "not-found",
  code: "CERTIFICATE_TEMPLATE_NOT_FOUND"
}, { eventId: Schema.String }) {
  override get message() {
    return "The event has no active certificate template"
  }
}

/** Create is for the first version; later versions are updates. */
export class CertificateTemplateExists extends DomainError<CertificateTemplateExists>()("CertificateTemplateExists", {
  kind: "conflict",
  code: "CERTIFICATE_TEMPLATE_EXISTS"
}, { eventId: Schema.String }) {
  override get message() {
    return "The event already has an active certificate template; update it to write a new version"
  }
}

export class CertificateTemplateInvalid extends DomainError<CertificateTemplateInvalid>()("CertificateTemplateInvalid", {
  kind: "invalid",
  messages: (e) => e.messages
}, { messages: Schema.Array(Schema.String) }) {
  override get message() {
    return this.messages.join("; ")
  }
}

/** A publish precondition (spec A: unmet preconditions answer 400). */
export class CertificatesNotPublishable extends DomainError<CertificatesNotPublishable>()("CertificatesNotPublishable", {
  kind: "invalid",
  code: (e) => e.code
}, { code: Schema.Literal("CERTIFICATES_EVENT_NOT_COMPLETED", "CERTIFICATE_TEMPLATE_REQUIRED"), reason: Schema.String }) {
  override get message() {
    return this.reason
  }
}

export class CertificateNotFound extends DomainError<CertificateNotFound>()("CertificateNotFound", { kind: "not-found", code: "CERTIFICATE_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return `No certificate for ${this.ref}`
  }
}

/** An unknown certificate or a code that does not match it (a forged code never tells which). */
export class CertificateNotVerified extends DomainError<CertificateNotVerified>()("CertificateNotVerified", {
  kind: "not-found",
  code: "CERTIFICATE_NOT_VERIFIED"
}, { ref: Schema.String }) {
  override get message() {
    return "No certificate matches this id and code"
  }
}

/** A revoked certificate is not downloadable (unrevoke first). */
export class CertificateRevoked extends DomainError<CertificateRevoked>()("CertificateRevoked", { kind: "conflict", code: "CERTIFICATE_REVOKED" }, {
  certificateId: Schema.String
}) {
  override get message() {
    return "This certificate is revoked"
  }
}
