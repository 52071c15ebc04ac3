/**
 * The athlete's data export (C "Data rights"): JSON by default, `?format=csv` for CSV (text/csv,
 * one line per field: section,record,field,value), `?delivery=email` e-mails a 24-hour signed link
 * (answering `delivery` and `expiresAt`, or `delivery: fallback` with `reason` and the export).
 * The e-mailed link carries `?token=…`, which stands in for the bearer token until it expires.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { op, OptionalAuthenticated } from "../common/index.js"
import { DataExportQuery, ExportDocumentView, ExportEmailView, ExportFallbackView } from "./compliance.dto.js"

export class DataExportGroup extends HttpApiGroup.make("dataExport")
  .add(op.get("getDataExport", "/v2/me/data-export", { query: DataExportQuery, ok: Schema.Union(ExportDocumentView, ExportEmailView, ExportFallbackView), summary: "Everything the platform holds about the caller, one section per context; ?format=csv, ?delivery=email" }))
  .middleware(OptionalAuthenticated)
  .annotate(OpenApi.Title, "Data export")
  .annotate(OpenApi.Description, "The caller's personal-data export (bearer token, or the signed token of an e-mailed link)")
{}
