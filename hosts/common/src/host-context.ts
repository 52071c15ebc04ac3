/**
 * A bounded context as the hosts see it: everything a host needs from one context, in one value.
 * The hosts hold a list of these (contexts.ts) and nothing else grows per feature: the
 * infrastructure, the memory twins, the start-up summary, the worker's job handlers and the
 * scheduler's schedules are all read from the list.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import type { Effect, Layer } from "effect"
import type { AppConfigShape } from "./config.js"

export interface HostContext<Services = never> {
  readonly name: string
  /**
   * The context's ports on the host's database and on the providers its configuration chooses.
   * A context may use the services of every context listed before it (and may replace one, as
   * notifications' configured senders replace identity's recorders, or append health probes).
   */
  // biome-ignore lint/suspicious/noExplicitAny: what a context may use is every earlier context's output; the list's order is the contract, checked by every host's start-up test
  readonly live: (config: AppConfigShape) => Layer.Layer<Services, never, any>
  /** The same ports on memory twins, for hosts and tests without a database. */
  // biome-ignore lint/suspicious/noExplicitAny: as for `live`
  readonly memory: (config: AppConfigShape) => Layer.Layer<Services, never, any>
  /** Lines of the start-up summary (which backend serves what; never a secret). */
  readonly describe?: (config: AppConfigShape) => ReadonlyArray<readonly [string, string]>
  /** Handlers of the durable jobs this context enqueues, each run on the job's database. */
  readonly jobs?: Effect.Effect<Readonly<Record<string, Platform.JobHandler>>, never, SqlClient.SqlClient | Platform.JobQueue>
  /** The named periodic jobs the scheduler fires for this context. */
  readonly schedules?: ReadonlyArray<Platform.ScheduledJob>
}

/** The services a list of contexts provides. */
export type ServicesOf<Contexts extends ReadonlyArray<unknown>> = ServicesOfEach<Contexts[number]>
type ServicesOfEach<C> = C extends HostContext<infer S> ? S : never

/** The list as a fold sees it (each context's services are checked where the context is declared). */
// biome-ignore lint/suspicious/noExplicitAny: a context of any services; Layer is contravariant in what it provides
export type AnyHostContext = HostContext<any>

/** Declares a context (keeps its services' type for the list). */
export const hostContext = <Services>(context: HostContext<Services>): HostContext<Services> => context
