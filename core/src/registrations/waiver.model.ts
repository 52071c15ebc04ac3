/** Event waivers (C "Waiver", states.tsv "Waiver"): the variables a waiver may use, rendering, and the errors. */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { Placeholder, placeholdersOf } from "../notifications/template.model.js"

/** What a waiver's text may say, filled per participant when they accept it. */
export const WaiverVariables = [
  { name: "participant_name", description: "The participant's first and last name" },
  { name: "participant_email", description: "The participant's e-mail" },
  { name: "event_title", description: "The event's title" },
  { name: "event_date", description: "The event's start date (YYYY-MM-DD, the event's time zone not applied)" },
  { name: "event_city", description: "The event's city" },
  { name: "booking_id", description: "The booking id" },
  { name: "accepted_at", description: "When the participant accepted (ISO 8601, UTC)" }
] as const
export type WaiverVariable = (typeof WaiverVariables)[number]["name"]

/** The placeholders of `text` that are not waiver variables. */
export const unknownWaiverVariables = (text: string): ReadonlyArray<string> => {
  const names = new Set<string>(WaiverVariables.map((v) => v.name))
  return [...new Set(placeholdersOf(text).filter((n) => !names.has(n)))]
}

/** `text` with every variable filled. */
export const renderWaiver = (text: string, values: Readonly<Record<WaiverVariable, string>>): string =>
  text.replace(Placeholder, (whole, name: string) => (name in values ? values[name as WaiverVariable] : whole))

export class WaiverNotFound extends DomainError<WaiverNotFound>()("WaiverNotFound", { kind: "not-found", code: "WAIVER_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return `No active waiver for ${this.ref}`
  }
}

/** An event has one active waiver: changing it is an update (a new version). */
export class WaiverExists extends DomainError<WaiverExists>()("WaiverExists", { kind: "conflict", code: "WAIVER_EXISTS" }, { eventId: Schema.String }) {
  override get message() {
    return "The event already has an active waiver: update it to publish a new version"
  }
}

export class WaiverVariableUnknown extends DomainError<WaiverVariableUnknown>()("WaiverVariableUnknown", {
  kind: "invalid",
  code: "WAIVER_VARIABLE_UNKNOWN",
  messages: (e) => e.names.map((n) => `body uses an unknown variable: ${n}`)
}, { names: Schema.Array(Schema.String) }) {
  override get message() {
    return `Unknown waiver variable(s): ${this.names.join(", ")}`
  }
}

/** Booking an event with an active waiver requires accepting its current version. */
export class WaiverNotAccepted extends DomainError<WaiverNotAccepted>()("WaiverNotAccepted", { kind: "conflict", code: "WAIVER_NOT_ACCEPTED" }, {
  version: Schema.Int
}) {
  override get message() {
    return `Accept the event's waiver (version ${this.version}) to book`
  }
}

export class WaiverAcceptanceNotFound extends DomainError<WaiverAcceptanceNotFound>()("WaiverAcceptanceNotFound", {
  kind: "not-found",
  code: "WAIVER_ACCEPTANCE_NOT_FOUND"
}, { participantId: Schema.String }) {
  override get message() {
    return `Participant ${this.participantId} has not accepted a waiver`
  }
}
