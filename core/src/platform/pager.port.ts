/**
 * Incident paging: the port the observability views page on-call through (`POST
 * /v2/admin/observability/incident-paging/test` sends a test page). Adapters: the local recorder
 * (development, tests, and any host without a paging provider) records pages in memory.
 */
import { Context, type Effect } from "effect"

export type PageSeverity = "info" | "warning" | "critical"

export interface Page {
  readonly summary: string
  readonly severity: PageSeverity
  /** Groups pages about the same incident. */
  readonly dedupeKey: string
  readonly test: boolean
  readonly details?: Readonly<Record<string, unknown>>
}

export interface PageReceipt {
  readonly provider: string
  readonly pageId: string
  readonly sentAt: Date
}

export class Pager extends Context.Tag("@podium/core/platform/Pager")<Pager, {
  /** Which provider pages go to (`local-recorder`, …) and whether it reaches a human. */
  readonly describe: { readonly provider: string; readonly reachesHumans: boolean }
  readonly page: (page: Page) => Effect.Effect<PageReceipt>
}>() {}
