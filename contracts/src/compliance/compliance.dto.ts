/** Views and bodies of the compliance area (data rights and account merge). */
import { AccountMerge, Body, Bool, ConsentEvent, ConsentState, OneOf, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"

/** A consent purpose key (the catalog is checked by the handler: 400 for an unknown purpose). */
export const PurposeKey = Schema.String.pipe(Schema.pattern(/^[a-z][a-z0-9_]{1,63}$/)).annotations(says("must be a consent purpose such as marketing_email"))

export const ConsentView = ConsentState.annotations({ identifier: "Consent" })

export const ConsentEventView = ConsentEvent.annotations({ identifier: "ConsentHistoryEntry" })

export const ConsentChangeResult = Schema.Struct({
  /** History rows written (0 when every change repeated the current state). */
  changed: Schema.Int,
  consents: Schema.Array(ConsentView)
}).annotations({ identifier: "ConsentChangeResult" })

export const SetConsentBody = Body({ purpose: PurposeKey, granted: Bool }).annotations({ identifier: "SetConsentDto" })

export const BulkConsentBody = Body({
  items: Schema.Array(Schema.Struct({ purpose: PurposeKey, granted: Bool }))
    .pipe(Schema.filter((a) => a.length >= 1 && a.length <= 50))
    .annotations(says("must be a list of 1 to 50 {purpose, granted} items"))
}).annotations({ identifier: "BulkConsentDto" })

export const ConsentHistoryQuery = Query({ purpose: Optional(PurposeKey) })

export const ErasureView = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  status: Schema.String,
  reason: Schema.NullOr(Schema.String),
  requestedAt: Schema.Date,
  coolOffUntil: Schema.Date,
  cancelledAt: Schema.NullOr(Schema.Date),
  confirmedAt: Schema.NullOr(Schema.Date),
  hardDeletedAt: Schema.NullOr(Schema.Date),
  legalHold: Schema.NullOr(Schema.Struct({
    reason: Schema.String,
    statute: Schema.String,
    retainUntil: Schema.String,
    heldBy: Schema.NullOr(Schema.String),
    heldAt: Schema.NullOr(Schema.Date)
  }))
}).annotations({ identifier: "ErasureRequest" })

export const CreateErasureBody = Body({ reason: Optional(StrLength(1, 1000)) }).annotations({ identifier: "CreateErasureDto" })

export const ErasureStatusValues = ["REQUESTED", "CANCELLED", "CONFIRMED", "REJECTED"] as const
export const ErasureListQuery = Query({ status: Optional(OneOf(...ErasureStatusValues)) })

const IsoDate = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/), Schema.filter((s) => !Number.isNaN(Date.parse(s))))
  .annotations(says("must be a date (YYYY-MM-DD)"))

export const RejectErasureBody = Body({
  reason: StrLength(1, 1000),
  statute: StrLength(1, 200),
  retainUntil: IsoDate
}).annotations({ identifier: "RejectErasureDto" })

export const ErasureTickResult = Schema.Struct({
  confirmed: Schema.Int,
  ids: Schema.Array(Schema.String)
}).annotations({ identifier: "ErasureTickResult" })

export const ConsentManagerStatusView = Schema.Struct({
  provider: Schema.NullOr(Schema.String),
  credentialsPresent: Schema.Boolean,
  purposes: Schema.Array(Schema.String)
}).annotations({ identifier: "ConsentManagerStatus" })

// ---- export ----

export const DataExportQuery = Query({
  format: Optional(OneOf("json", "csv")),
  delivery: Optional(OneOf("email")),
  token: Optional(StrLength(1, 512))
})

export const ExportDocumentView = Schema.Struct({
  userId: Schema.String,
  generatedAt: Schema.String,
  sections: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "DataExport" })

export const ExportEmailView = Schema.Struct({
  delivery: Schema.Literal("email"),
  expiresAt: Schema.Date
}).annotations({ identifier: "DataExportEmailed" })

export const ExportFallbackView = Schema.Struct({
  delivery: Schema.Literal("fallback"),
  reason: Schema.String,
  export: ExportDocumentView
}).annotations({ identifier: "DataExportFallback" })

// ---- account merge ----

export const MergeBody = Body({
  sourceUserId: UuidStr,
  targetUserId: UuidStr,
  reason: StrLength(8, 1000)
}).annotations({ identifier: "AccountMergeDto" })

export const MergeView = AccountMerge.annotations({ identifier: "AccountMerge" })

export const MergePreviewView = Schema.Struct({
  sourceUserId: Schema.String,
  targetUserId: Schema.String,
  moves: Schema.Record({ key: Schema.String, value: Schema.Number }),
  conflicts: Schema.Array(Schema.String)
}).annotations({ identifier: "AccountMergePreview" })

export const MergeListQuery = Query({ status: Optional(OneOf("PROPOSED", "CANCELLED", "EXECUTED")) })

/** What `POST /v2/me/medical-info/erase` removed: the names of the fields that held a value. */
export const MedicalInfoErasedView = Schema.Struct({
  erased: Schema.Boolean,
  fields: Schema.Array(Schema.Literal(
    "bloodGroup",
    "allergies",
    "conditions",
    "medications",
    "emergencyContactName",
    "emergencyContactPhone",
    "emergencyContactRelation"
  )),
  erasedAt: Schema.String
}).annotations({ identifier: "MedicalInfoErased" })
