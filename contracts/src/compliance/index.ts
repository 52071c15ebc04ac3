/** Area API "compliance": consent, export, erasure, account merge, tax, moderation. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { AdminComplianceGroup } from "./admin-compliance.group.js"
import { DataExportGroup } from "./data-export.group.js"
import { DataRightsGroup } from "./data-rights.group.js"

export * from "./compliance.dto.js"
export * from "./admin-compliance.group.js"
export * from "./data-export.group.js"
export * from "./data-rights.group.js"

export class ComplianceApi extends AreaApi.add(DataRightsGroup).add(DataExportGroup).add(AdminComplianceGroup) {}
