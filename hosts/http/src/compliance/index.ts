/** The compliance context's HTTP handlers (data rights, export, admin compliance): the layers the host's area list provides. */
import { AdminComplianceHandlers } from "./admin-compliance.handlers.js"
import { DataExportHandlers, DataRightsHandlers } from "./data-rights.handlers.js"

export const handlers = [
  AdminComplianceHandlers,
  DataExportHandlers,
  DataRightsHandlers
] as const
