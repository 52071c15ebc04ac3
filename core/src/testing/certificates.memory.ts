/**
 * Memory twin of the certificates repository: every write under one lock (the SQL's conditional
 * updates and unique participant), eligibility read from the registrations twins as the SQL reads
 * the registrations tables (ACTIVE participant, CONFIRMED booking, live check-in).
 */
import type { Certificate, CertificatesPublicationStatus, CertificateTemplate, NotIssuedReason } from "@podium/kernel"
import { Context, Effect, Either, Layer, Option } from "effect"
import { EventRepo } from "../events/event.port.js"
import { CheckInRepo, ParticipationRepo } from "../registrations/participation.port.js"
import { CertificateMoves, CertificatesPublicationMoves, CertificateTemplateExists, CertificateTemplateNotFound } from "../results/certificates.model.js"
import { CertificateRepo, type NotIssued } from "../results/certificates.port.js"

interface Publication {
  status: CertificatesPublicationStatus
  publishedAt: Date | null
  changedBy: string | null
  changedAt: Date | null
}

export const CertificateRepoMemory: Layer.Layer<CertificateRepo, never, EventRepo | ParticipationRepo | CheckInRepo> = Layer.effectContext(Effect.gen(function*() {
  const events = yield* EventRepo
  const bookings = yield* ParticipationRepo
  const checkIns = yield* CheckInRepo
  const lock = Effect.unsafeMakeSemaphore(1)
  const locked = <A, E>(effect: Effect.Effect<A, E>) => lock.withPermits(1)(effect)
  const templates: Array<CertificateTemplate> = []
  const certificates = new Map<string, Certificate>()
  const publications = new Map<string, Publication>()
  let seq = 0
  const uuid = () => `00000000-0000-4000-b000-${(++seq).toString(16).padStart(12, "0")}`
  const active = (eventId: string) => templates.find((t) => t.eventId === eventId && t.isActive)
  const publicationOf = (eventId: string): Publication => publications.get(eventId) ?? { status: "unpublished", publishedAt: null, changedBy: null, changedAt: null }
  const ofEvent = (eventId: string) => [...certificates.values()].filter((c) => c.eventId === eventId)

  /** Every participant of the event with why it is (not) eligible: null when eligible. */
  const seats = (eventId: string) =>
    Effect.gen(function*() {
      const all = yield* bookings.list({ eventId, page: 1, limit: 1_000_000 })
      const out: Array<{ seat: NotIssued; userId: string; eligible: boolean }> = []
      for (const b of all.items) {
        for (const p of b.participants) {
          const live = yield* checkIns.live(p.id)
          const reason: NotIssuedReason | null = p.status === "CANCELLED" || b.participation.status === "CANCELLED"
            ? "cancelled"
            : b.participation.status !== "CONFIRMED"
            ? "booking_not_confirmed"
            : Option.isNone(live)
            ? "not_checked_in"
            : null
          out.push({
            seat: { participantId: p.id, participationId: b.participation.id, bookingId: b.participation.bookingId, firstName: p.firstName, lastName: p.lastName, reason: reason ?? "not_published" },
            userId: b.participation.userId,
            eligible: reason === null
          })
        }
      }
      return out
    })

  const nextVersion = (eventId: string) => Math.max(0, ...templates.filter((t) => t.eventId === eventId).map((t) => t.version)) + 1
  const replace = (t: CertificateTemplate) => templates.splice(templates.findIndex((x) => x.id === t.id), 1, t)

  return Context.make(CertificateRepo, {
    activeTemplate: (eventId) => Effect.sync(() => Option.fromNullable(active(eventId))),
    template: (id) => Effect.sync(() => Option.fromNullable(templates.find((t) => t.id === id))),
    createTemplate: (eventId, fields, by) =>
      locked(Effect.suspend(() => {
        if (active(eventId) !== undefined) return Effect.fail(new CertificateTemplateExists({ eventId }))
        const t: CertificateTemplate = { id: uuid(), eventId, version: nextVersion(eventId), ...fields, isActive: true, createdBy: by, createdAt: new Date(), deactivatedAt: null }
        templates.push(t)
        return Effect.succeed(t)
      })),
    newVersion: (eventId, patch, by) =>
      locked(Effect.suspend(() => {
        const current = active(eventId)
        if (current === undefined) return Effect.fail(new CertificateTemplateNotFound({ eventId }))
        const now = new Date()
        replace({ ...current, isActive: false, deactivatedAt: now })
        const next: CertificateTemplate = {
          ...current,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
          id: uuid(),
          version: nextVersion(eventId),
          isActive: true,
          createdBy: by,
          createdAt: now,
          deactivatedAt: null
        }
        templates.push(next)
        return Effect.succeed(next)
      })),
    deactivate: (eventId) =>
      locked(Effect.suspend(() => {
        const current = active(eventId)
        if (current === undefined) return Effect.fail(new CertificateTemplateNotFound({ eventId }))
        const done = { ...current, isActive: false, deactivatedAt: new Date() }
        replace(done)
        return Effect.succeed(done)
      })),
    status: (eventId) =>
      Effect.map(seats(eventId), (all) => {
        const own = ofEvent(eventId)
        return {
          eventId,
          ...publicationOf(eventId),
          templateVersion: active(eventId)?.version ?? null,
          issued: own.filter((c) => c.status === "ISSUED").length,
          revoked: own.filter((c) => c.status === "REVOKED").length,
          eligible: all.filter((s) => s.eligible).length
        }
      }),
    publish: (eventId, template, by, at) =>
      locked(Effect.gen(function*() {
        const pub = publicationOf(eventId)
        const to = yield* Either.match(CertificatesPublicationMoves.transition(pub.status, "publish"), { onLeft: Effect.fail, onRight: Effect.succeed })
        publications.set(eventId, { status: to, publishedAt: at, changedBy: by, changedAt: at })
        let issued = 0
        for (const s of yield* seats(eventId)) {
          if (!s.eligible || ofEvent(eventId).some((c) => c.participantId === s.seat.participantId)) continue
          const id = uuid()
          certificates.set(id, {
            id,
            eventId,
            participantId: s.seat.participantId,
            participationId: s.seat.participationId,
            userId: s.userId,
            templateId: template.id,
            templateVersion: template.version,
            recipientName: `${s.seat.firstName} ${s.seat.lastName}`,
            status: "ISSUED",
            issuedAt: at,
            revokedAt: null,
            revokedBy: null,
            revokeReason: null
          })
          issued++
        }
        return issued
      })),
    unpublish: (eventId, by, at) =>
      locked(Effect.gen(function*() {
        const pub = publicationOf(eventId)
        const to = yield* Either.match(CertificatesPublicationMoves.transition(pub.status, "unpublish"), { onLeft: Effect.fail, onRight: Effect.succeed })
        publications.set(eventId, { ...pub, status: to, changedBy: by, changedAt: at })
      })),
    issuances: (eventId, filter) =>
      Effect.sync(() => {
        const all = ofEvent(eventId).filter((c) => filter.status === undefined || c.status === filter.status)
          .sort((a, b) => (a.recipientName < b.recipientName ? -1 : a.recipientName > b.recipientName ? 1 : a.id < b.id ? -1 : 1))
        return { items: all.slice((filter.page - 1) * filter.limit, filter.page * filter.limit), total: all.length }
      }),
    byParticipant: (eventId, participantId) => Effect.sync(() => Option.fromNullable(ofEvent(eventId).find((c) => c.participantId === participantId))),
    find: (id) =>
      Effect.sync(() => Option.map(Option.fromNullable(certificates.get(id)), (certificate) => ({ certificate, published: publicationOf(certificate.eventId).status === "published" }))),
    move: (id, move, by, reason, at) =>
      locked(Effect.gen(function*() {
        const c = certificates.get(id)!
        const to = yield* Either.match(CertificateMoves.transition(c.status, move), { onLeft: Effect.fail, onRight: Effect.succeed })
        const next: Certificate = to === "REVOKED"
          ? { ...c, status: to, revokedAt: at, revokedBy: by, revokeReason: reason }
          : { ...c, status: to, revokedAt: null, revokedBy: null, revokeReason: null }
        certificates.set(id, next)
        return next
      })),
    notIssued: (eventId, page, limit) =>
      Effect.map(seats(eventId), (all) => {
        const held = new Set(ofEvent(eventId).map((c) => c.participantId))
        const rows = all.filter((s) => !held.has(s.seat.participantId)).map((s) => s.seat)
          .sort((a, b) => (a.lastName < b.lastName ? -1 : a.lastName > b.lastName ? 1 : a.participantId < b.participantId ? -1 : 1))
        return { items: rows.slice((page - 1) * limit, page * limit), total: rows.length }
      }),
    mine: (userId, eventId) =>
      Effect.sync(() =>
        [...certificates.values()]
          .filter((c) => c.userId === userId && c.status === "ISSUED" && publicationOf(c.eventId).status === "published" && (eventId === undefined || c.eventId === eventId))
          .sort((a, b) => b.issuedAt.getTime() - a.issuedAt.getTime())
      ),
    overview: (organizerId, page, limit) =>
      Effect.gen(function*() {
        const list = yield* events.list({ organizerId, now: new Date(), limit: 1_000_000, offset: 0 })
        const rows = list.data.map((e) => {
          const own = ofEvent(e.id)
          return {
            eventId: e.id,
            title: e.title,
            startsAt: e.startsAt,
            status: publicationOf(e.id).status,
            templateVersion: active(e.id)?.version ?? null,
            issued: own.filter((c) => c.status === "ISSUED").length,
            revoked: own.filter((c) => c.status === "REVOKED").length
          }
        }).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
        return { items: rows.slice((page - 1) * limit, page * limit), total: rows.length }
      })
  })
}))
