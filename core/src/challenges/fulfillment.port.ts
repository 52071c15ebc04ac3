/** Fulfillment tasks (Postgres adapter in @podium/postgres). */
import type { FulfillmentTask, FulfillmentTaskStatus, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { FulfillmentMove, FulfillmentTaskNotFound } from "./fulfillment.model.js"
import type { PageRequest, PageResult } from "./challenge.port.js"

export type NewFulfillmentTask = Pick<
  FulfillmentTask,
  "kind" | "title" | "details" | "priority" | "recipientUserId" | "subjectType" | "subjectId" | "dueAt" | "createdBy"
>

export interface FulfillmentFilter {
  readonly statuses?: ReadonlyArray<FulfillmentTaskStatus> | undefined
  readonly assigneeId?: string | undefined
  readonly kind?: FulfillmentTask["kind"] | undefined
}

export class FulfillmentTaskRepo extends Context.Tag("@podium/core/challenges/FulfillmentTaskRepo")<FulfillmentTaskRepo, {
  readonly create: (input: NewFulfillmentTask) => Effect.Effect<FulfillmentTask>
  readonly findById: (id: string) => Effect.Effect<Option.Option<FulfillmentTask>>
  /** Soonest due first. */
  readonly list: (filter: FulfillmentFilter, page: PageRequest) => Effect.Effect<PageResult<FulfillmentTask>>
  /** Every open task (PENDING, ASSIGNED, IN_PROGRESS), soonest due first. */
  readonly open: () => Effect.Effect<ReadonlyArray<FulfillmentTask>>
  /** One move as one conditional update (assign writes the assignee; release clears it; complete stamps the time). */
  readonly move: (
    id: string,
    move: FulfillmentMove,
    facts: { readonly assigneeId?: string; readonly note?: string | null }
  ) => Effect.Effect<FulfillmentTask, FulfillmentTaskNotFound | MoveRefused>
}>() {}
