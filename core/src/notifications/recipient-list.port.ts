/** Storage of organizer recipient uploads (recipient-list.model.ts) and the athlete lookup they need. */
import { Context, type Effect } from "effect"
import type { RecipientList, RecipientListNotFound, RecipientReport, ResolvedContacts } from "./recipient-list.model.js"

export class RecipientListRepo extends Context.Tag("@podium/core/notifications/RecipientListRepo")<RecipientListRepo, {
  /** The athletes among the given ids, phones (E.164) and e-mails (lower-case). */
  readonly resolveContacts: (input: {
    readonly userIds: ReadonlyArray<string>
    readonly phones: ReadonlyArray<string>
    readonly emails: ReadonlyArray<string>
  }) => Effect.Effect<ResolvedContacts>
  readonly create: (input: {
    readonly organizerId: string
    readonly name: string
    readonly userIds: ReadonlyArray<string>
    readonly report: RecipientReport
  }) => Effect.Effect<RecipientList>
  /** The organizer's list (another organizer's answers not found). */
  readonly get: (organizerId: string, id: string) => Effect.Effect<RecipientList, RecipientListNotFound>
}>() {}
