/** Repositories of club event attachments and club reports (Postgres `ClubAttachmentReposPg`, memory `ClubAttachmentReposMemory`). */
import type { MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { Found, Paging } from "./club-admin.port.js"
import type {
  ClubEventAttachment,
  ClubEventAttachmentLimitReached,
  ClubEventAttachmentMove,
  ClubEventAttachmentNotFound,
  ClubEventAttachmentStatus,
  ClubReport,
  ClubReportAlreadyOpen,
  ClubReportCategory,
  ClubReportStatus
} from "./event-attachment.model.js"

export interface AttachmentRequest {
  readonly clubId: string
  readonly eventId: string
  readonly organizerId: string
  readonly requestedBy: string
}

export class ClubEventAttachmentRepo extends Context.Tag("@podium/core/clubs/ClubEventAttachmentRepo")<ClubEventAttachmentRepo, {
  /**
   * One statement per club and event: a new REQUESTED row, or a REJECTED/DETACHED one asked again;
   * an attachment already REQUESTED or ATTACHED is answered as is (`requested: false`), so two
   * concurrent requests make one attachment and report the request once. Refused past `maxOpen`
   * open attachments (counted under the club's row lock).
   */
  readonly request: (input: AttachmentRequest, maxOpen: number) => Effect.Effect<{ readonly attachment: ClubEventAttachment; readonly requested: boolean }, ClubEventAttachmentLimitReached>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClubEventAttachment>>
  /** Newest request first. */
  readonly list: (filter: Paging & { readonly clubId?: string | undefined; readonly eventId?: string | undefined; readonly status?: ClubEventAttachmentStatus | undefined }) => Effect.Effect<Found<ClubEventAttachment>>
  /** The events the club holds REQUESTED or ATTACHED. */
  readonly openEventIds: (clubId: string) => Effect.Effect<ReadonlyArray<string>>
  /** The move as one conditional update (`by` is the decider or the detacher). */
  readonly move: (id: string, move: ClubEventAttachmentMove, fields: { readonly by: string; readonly reason?: string | undefined }) => Effect.Effect<ClubEventAttachment, MoveRefused | ClubEventAttachmentNotFound>
}>() {}

export class ClubReportRepo extends Context.Tag("@podium/core/clubs/ClubReportRepo")<ClubReportRepo, {
  /** Fails with ClubReportAlreadyOpen when the reporter has an OPEN report about the club (unique, so concurrent files make one). */
  readonly create: (input: { readonly clubId: string; readonly reporterId: string; readonly category: ClubReportCategory; readonly text: string }) => Effect.Effect<ClubReport, ClubReportAlreadyOpen>
  /** Newest first. */
  readonly list: (clubId: string, filter: Paging & { readonly status?: ClubReportStatus | undefined; readonly category?: ClubReportCategory | undefined }) => Effect.Effect<Found<ClubReport>>
}>() {}
