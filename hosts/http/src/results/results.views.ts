/** What the results handlers share: the services their use cases need from the host. */
import type { Events, Platform, Results } from "@podium/core"

export type ResultsHandlerServices =
  | Results.ResultsRepo
  | Events.EventRepo
  | Platform.Transactor
  | Platform.AuditLog
  | Platform.Leaderboard
  | Platform.DistributedLock

/** Page and limit with the house's defaults. */
export const pageOf = (q: { readonly page?: number | undefined; readonly limit?: number | undefined }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 })
