/** Repository of certificate templates, publications and issued certificates (Postgres in @podium/postgres, memory twin in ../testing). */
import type { Certificate, CertificatesPublicationStatus, CertificateTemplate, MoveRefused, NotIssuedReason } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { CertificateMove, CertificateTemplateExists, CertificateTemplateNotFound } from "./certificates.model.js"

export interface TemplateFields {
  readonly title: string
  readonly body: string
  readonly backgroundUrl: string | null
}

export interface CertificatesStatus {
  readonly eventId: string
  readonly status: CertificatesPublicationStatus
  readonly publishedAt: Date | null
  readonly changedBy: string | null
  readonly changedAt: Date | null
  /** The version of the active template, null without one. */
  readonly templateVersion: number | null
  readonly issued: number
  readonly revoked: number
  /** Participants who joined and attended (what publish issues to). */
  readonly eligible: number
}

export interface NotIssued {
  readonly participantId: string
  readonly participationId: string
  readonly bookingId: string
  readonly firstName: string
  readonly lastName: string
  readonly reason: NotIssuedReason
}

export interface CertificatesOverviewRow {
  readonly eventId: string
  readonly title: string
  readonly startsAt: Date
  readonly status: CertificatesPublicationStatus
  readonly templateVersion: number | null
  readonly issued: number
  readonly revoked: number
}

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

/**
 * Certificates. Eligible means an ACTIVE participant of a CONFIRMED booking with a live check-in.
 * Issuing is one `insert … select` of the eligible participants without a certificate (unique per
 * participant), so a publish costs one statement whatever the size of the event and two publishes
 * never issue twice. Every move (publication, revoke, unrevoke) is one conditional update.
 */
export class CertificateRepo extends Context.Tag("@podium/core/results/CertificateRepo")<CertificateRepo, {
  readonly activeTemplate: (eventId: string) => Effect.Effect<Option.Option<CertificateTemplate>>
  readonly template: (id: string) => Effect.Effect<Option.Option<CertificateTemplate>>
  /** Version 1, or the next version after a deactivated one; refused while a template is active. */
  readonly createTemplate: (eventId: string, fields: TemplateFields, by: string) => Effect.Effect<CertificateTemplate, CertificateTemplateExists>
  /** Deactivates the active version and writes the next one with `patch` applied, atomically. */
  readonly newVersion: (eventId: string, patch: Partial<TemplateFields>, by: string) => Effect.Effect<CertificateTemplate, CertificateTemplateNotFound>
  readonly deactivate: (eventId: string) => Effect.Effect<CertificateTemplate, CertificateTemplateNotFound>
  readonly status: (eventId: string) => Effect.Effect<CertificatesStatus>
  /** Moves the publication to published and issues to every eligible participant without a certificate; answers how many were issued now. */
  readonly publish: (eventId: string, template: CertificateTemplate, by: string, at: Date) => Effect.Effect<number, MoveRefused>
  readonly unpublish: (eventId: string, by: string, at: Date) => Effect.Effect<void, MoveRefused>
  readonly issuances: (eventId: string, filter: { readonly status?: Certificate["status"] | undefined; readonly page: number; readonly limit: number }) => Effect.Effect<Page<Certificate>>
  readonly byParticipant: (eventId: string, participantId: string) => Effect.Effect<Option.Option<Certificate>>
  /** A certificate with whether its event's certificates are published. */
  readonly find: (id: string) => Effect.Effect<Option.Option<{ readonly certificate: Certificate; readonly published: boolean }>>
  readonly move: (id: string, move: CertificateMove, by: string, reason: string | null, at: Date) => Effect.Effect<Certificate, MoveRefused>
  readonly notIssued: (eventId: string, page: number, limit: number) => Effect.Effect<Page<NotIssued>>
  /** The user's ISSUED certificates of published events (newest first), optionally of one event. */
  readonly mine: (userId: string, eventId?: string) => Effect.Effect<ReadonlyArray<Certificate>>
  readonly overview: (organizerId: string, page: number, limit: number) => Effect.Effect<Page<CertificatesOverviewRow>>
}>() {}
