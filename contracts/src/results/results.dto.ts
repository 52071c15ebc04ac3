/**
 * Shapes of the results area: the ingest batch (timing records as the timing system sends them)
 * and the answers, which are the kernel records with their page around them.
 */
import {
  Body,
  Certificate,
  CertificatesPublicationStatus,
  CertificateStatus,
  CertificateTemplate,
  DateTimeText,
  inputOf,
  Instant,
  IntFromText,
  MaxIngestRecords,
  NotIssuedReason,
  Optional,
  Query,
  ResultEntry,
  ResultGender,
  ResultLeaderboard,
  StrLength,
  says,
  UuidStr,
  ValidationText
} from "@podium/kernel"
import { HttpApiSchema, Multipart } from "@effect/platform"
import { Option, Schema } from "effect"

/** An array of `min`..`max` items (class-validator ArrayMinSize/ArrayMaxSize wording). */
const ArrayBetween = <S extends Schema.Schema.Any>(item: S, min: number, max: number) =>
  Schema.Array(item).pipe(
    Schema.filter((items) => items.length >= min && items.length <= max),
    Schema.annotations({ message: () => ({ message: `must contain between ${min} and ${max} elements`, override: false }), [ValidationText]: `must contain between ${min} and ${max} elements` })
  )

export const PageQuery = {
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
}

/** One timing record: absolute instants (elapsed = finishedAt − startedAt). */
export const TimingRecordBody = Schema.Struct({
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Optional(StrLength(1, 30)),
  startedAt: DateTimeText,
  finishedAt: DateTimeText
}).annotations({ identifier: "TimingRecordInput" })

export const IngestBody = Body({
  eventId: UuidStr,
  /** The leaderboard (race distance) of the event; "Overall" when absent. */
  name: Optional(ResultLeaderboard.fields.name),
  records: ArrayBetween(TimingRecordBody, 1, MaxIngestRecords)
})

export const IngestOutcome = Schema.Struct({
  leaderboardId: UuidStr,
  eventId: UuidStr,
  name: Schema.String,
  revision: Schema.Int,
  received: Schema.Int,
  inserted: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int
}).annotations({ identifier: "ResultsIngestOutcome" })

export const LeaderboardListQuery = Query({ ...PageQuery, eventId: Optional(UuidStr) })
export const LeaderboardPage = Schema.Struct({ items: Schema.Array(ResultLeaderboard), total: Schema.Int, page: Schema.Int, limit: Schema.Int })
  .annotations({ identifier: "ResultLeaderboardPage" })

export const EntriesQuery = Query(PageQuery)
export const FilteredEntriesQuery = Query({ ...PageQuery, gender: Optional(ResultGender), ageGroup: Optional(StrLength(1, 30)) })
export const ForMeQuery = Query({ around: Optional(IntFromText(0, 25)) })

export const EntriesPage = Schema.Struct({
  leaderboard: ResultLeaderboard,
  /**
   * True while places may still change: the athletes did not all start at one instant (wave
   * starts) and the event has not ended, so a later starter can still finish ahead.
   */
  provisional: Schema.Boolean,
  items: Schema.Array(ResultEntry),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "ResultEntriesPage" })

export const ForMeAnswer = Schema.Struct({
  leaderboard: ResultLeaderboard,
  /**
   * True while places may still change: the athletes did not all start at one instant (wave
   * starts) and the event has not ended, so a later starter can still finish ahead.
   */
  provisional: Schema.Boolean,
  /** Null when the caller has no result on this leaderboard. */
  me: Schema.NullOr(ResultEntry),
  /** The caller's entry with up to `around` entries before and after it, in place order. */
  neighbours: Schema.Array(ResultEntry),
  total: Schema.Int
}).annotations({ identifier: "ResultEntriesForMe" })


// --- certificates ---------------------------------------------------------------------------

/** A certificate with its verification code and the path anyone verifies it at. */
export const CertificateView = Schema.Struct({ ...Certificate.fields, code: Schema.String, verificationUrl: Schema.String })
  .annotations({ identifier: "CertificateView" })

export const CreateCertificateTemplateBody = inputOf(CertificateTemplate, { required: ["title", "body"], optional: ["backgroundUrl"] })
export const UpdateCertificateTemplateBody = inputOf(CertificateTemplate, { required: [], optional: ["title", "body", "backgroundUrl"] })

export const CertificatesStatusView = Schema.Struct({
  eventId: UuidStr,
  status: CertificatesPublicationStatus,
  publishedAt: Schema.NullOr(Instant),
  changedBy: Schema.NullOr(Schema.String),
  changedAt: Schema.NullOr(Instant),
  templateVersion: Schema.NullOr(Schema.Int),
  issued: Schema.Int,
  revoked: Schema.Int,
  eligible: Schema.Int
}).annotations({ identifier: "CertificatesStatus" })

export const CertificatesPublished = Schema.Struct({ ...CertificatesStatusView.fields, issuedNow: Schema.Int }).annotations({ identifier: "CertificatesPublished" })

export const IssuancesQuery = Query({ ...PageQuery, status: Optional(CertificateStatus) })
export const IssuancePage = Schema.Struct({ items: Schema.Array(CertificateView), total: Schema.Int, page: Schema.Int, limit: Schema.Int })
  .annotations({ identifier: "CertificateIssuancePage" })

export const NotIssuedPage = Schema.Struct({
  items: Schema.Array(Schema.Struct({
    participantId: UuidStr,
    participationId: UuidStr,
    bookingId: Schema.String,
    firstName: Schema.String,
    lastName: Schema.String,
    reason: NotIssuedReason
  })),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "CertificatesNotIssuedPage" })

export const OverviewQuery = Query(PageQuery)
export const CertificatesOverviewPage = Schema.Struct({
  items: Schema.Array(Schema.Struct({
    eventId: UuidStr,
    title: Schema.String,
    startsAt: Instant,
    status: CertificatesPublicationStatus,
    templateVersion: Schema.NullOr(Schema.Int),
    issued: Schema.Int,
    revoked: Schema.Int
  })),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int
}).annotations({ identifier: "CertificatesOverviewPage" })

export const RevokeCertificateBody = Body({ reason: Optional(StrLength(1, 500)) })

export const CertificateVariableList = Schema.Array(Schema.Struct({ name: Schema.String, description: Schema.String }))
  .annotations({ identifier: "CertificateVariables" })

export const MyCertificates = Schema.Struct({ items: Schema.Array(CertificateView) }).annotations({ identifier: "MyCertificates" })

export const VerifyQuery = Query({ code: StrLength(1, 64) })
export const CertificateVerification = Schema.Struct({
  /** True when the certificate is ISSUED and its event's certificates are published. */
  valid: Schema.Boolean,
  certificateId: UuidStr,
  status: CertificateStatus,
  published: Schema.Boolean,
  recipientName: Schema.String,
  eventId: UuidStr,
  eventTitle: Schema.String,
  eventDate: Schema.String,
  issuedAt: Instant,
  revokedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "CertificateVerification" })

/** Certificate art: one image file (PNG, JPG or WEBP, 5 MB) in field `file`. */
export const CertificateAssetForm = HttpApiSchema.Multipart(
  Body({ file: Multipart.SingleFileSchema.annotations(says("must be a single file")) }),
  { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(2), maxFieldSize: 16 * 1024 }
)

export const CertificateAsset = Schema.Struct({
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  /** A signed public URL of the image, valid for a year. */
  url: Schema.String
}).annotations({ identifier: "CertificateAsset" })
