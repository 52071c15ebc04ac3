/** In-memory twins of club event attachments and club reports: the same move table, one attachment per club and event, one OPEN report per reporter and club. */
import type { ClubEventAttachment, ClubReport, MoveRefused } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import {
  ClubEventAttachmentLimitReached,
  ClubEventAttachmentMoves,
  ClubEventAttachmentNotFound,
  ClubReportAlreadyOpen,
  OpenAttachmentStatuses
} from "../clubs/event-attachment.model.js"
import { ClubEventAttachmentRepo, ClubReportRepo } from "../clubs/event-attachment.port.js"
import { nextMemoryId } from "./sequential-id.js"

const newestFirst = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)

export const ClubEventAttachmentRepoMemory = Layer.sync(ClubEventAttachmentRepo, () => {
  const rows = new Map<string, ClubEventAttachment>()
  const byKey = (clubId: string, eventId: string) => [...rows.values()].find((a) => a.clubId === clubId && a.eventId === eventId)
  const byRequest = (a: ClubEventAttachment, b: ClubEventAttachment) => b.requestedAt.getTime() - a.requestedAt.getTime() || (a.id < b.id ? 1 : -1)
  return ClubEventAttachmentRepo.of({
    request: (input, maxOpen) =>
      Effect.suspend((): Effect.Effect<{ readonly attachment: ClubEventAttachment; readonly requested: boolean }, ClubEventAttachmentLimitReached> => {
        const current = byKey(input.clubId, input.eventId)
        if (current !== undefined && OpenAttachmentStatuses.includes(current.status)) return Effect.succeed({ attachment: current, requested: false })
        const open = [...rows.values()].filter((a) => a.clubId === input.clubId && OpenAttachmentStatuses.includes(a.status)).length
        if (open >= maxOpen) return Effect.fail(new ClubEventAttachmentLimitReached({ limit: maxOpen }))
        const at = new Date()
        const reset = { status: "REQUESTED" as const, requestedBy: input.requestedBy, requestedAt: at, decidedBy: null, decidedAt: null, rejectionReason: null, detachedBy: null, detachedAt: null, updatedAt: at }
        const attachment: ClubEventAttachment = current === undefined
          ? { id: nextMemoryId(), clubId: input.clubId, eventId: input.eventId, organizerId: input.organizerId, createdAt: at, ...reset }
          : { ...current, ...reset }
        rows.set(attachment.id, attachment)
        return Effect.succeed({ attachment, requested: true })
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    list: (filter) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((a) => (filter.clubId === undefined || a.clubId === filter.clubId) && (filter.eventId === undefined || a.eventId === filter.eventId) && (filter.status === undefined || a.status === filter.status))
          .sort(byRequest)
        return { items: all.slice(filter.offset, filter.offset + filter.limit), total: all.length }
      }),
    openEventIds: (clubId) => Effect.sync(() => [...rows.values()].filter((a) => a.clubId === clubId && OpenAttachmentStatuses.includes(a.status)).map((a) => a.eventId)),
    move: (id, move, fields) =>
      Effect.suspend((): Effect.Effect<ClubEventAttachment, MoveRefused | ClubEventAttachmentNotFound> => {
        const current = rows.get(id)
        if (current === undefined) return Effect.fail(new ClubEventAttachmentNotFound({ attachmentId: id }))
        const next = ClubEventAttachmentMoves.transition(current.status, move)
        if (Either.isLeft(next)) return Effect.fail(next.left)
        const at = new Date()
        const moved: ClubEventAttachment = move === "detach"
          ? { ...current, status: next.right, detachedBy: fields.by, detachedAt: at, updatedAt: at }
          : { ...current, status: next.right, decidedBy: fields.by, decidedAt: at, rejectionReason: move === "reject" ? fields.reason ?? null : null, updatedAt: at }
        rows.set(id, moved)
        return Effect.succeed(moved)
      })
  })
})

export const ClubReportRepoMemory = Layer.sync(ClubReportRepo, () => {
  const rows = new Map<string, ClubReport>()
  return ClubReportRepo.of({
    create: (input) =>
      Effect.suspend((): Effect.Effect<ClubReport, ClubReportAlreadyOpen> => {
        if ([...rows.values()].some((r) => r.clubId === input.clubId && r.reporterId === input.reporterId && r.status === "OPEN")) {
          return Effect.fail(new ClubReportAlreadyOpen({ clubId: input.clubId }))
        }
        const at = new Date()
        const report: ClubReport = { id: nextMemoryId(), ...input, status: "OPEN", createdAt: at, updatedAt: at }
        rows.set(report.id, report)
        return Effect.succeed(report)
      }),
    list: (clubId, filter) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((r) => r.clubId === clubId && (filter.status === undefined || r.status === filter.status) && (filter.category === undefined || r.category === filter.category))
          .sort(newestFirst)
        return { items: all.slice(filter.offset, filter.offset + filter.limit), total: all.length }
      })
  })
})

export const ClubAttachmentReposMemory = Layer.mergeAll(ClubEventAttachmentRepoMemory, ClubReportRepoMemory)
