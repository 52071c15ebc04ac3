/**
 * Notification mappings (B "Notifications / Mappings"): which channel template a journey step of
 * a role sends (`user` step `welcome.day1` on SMS → template `welcome.sms`). One mapping per role,
 * step and channel (409); the template must exist in the channel's catalog (400). Generic CRUD
 * storage; create/replace/bulk go through `checkMappings` first. Template candidates: the
 * catalog templates of a channel a mapping may point at.
 */
import { DomainError, type MappingRole, NotificationMapping } from "@podium/kernel"
import { Context, Effect, Option, Schema } from "effect"
import type { CrudRepo, CrudResource } from "../platform/crud.port.js"
import { type Channel, } from "./channels.port.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
/** Records shared with the contracts are declared in the kernel. */
export { MappingRoles, NotificationMapping, type MappingRole } from "@podium/kernel"

export interface NewNotificationMapping {
  readonly role: MappingRole
  readonly step: string
  readonly channel: Channel
  readonly templateKey: string
  readonly enabled?: boolean
}

export const NotificationMappingResource: CrudResource = {
  name: "notification mapping",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      role: "string",
      step: "string",
      channel: "string",
      templateKey: "string",
      enabled: "boolean",
      createdAt: "date",
      updatedAt: "date"
    },
    defaultSort: [{ field: "role", order: "ASC" }, { field: "step", order: "ASC" }],
    searchable: ["step", "templateKey"]
  }
}

export class NotificationMappingRepo extends Context.Tag("@podium/core/notifications/NotificationMappingRepo")<
  NotificationMappingRepo,
  CrudRepo<NotificationMapping, NewNotificationMapping, Partial<NewNotificationMapping>>
>() {}

/** Mappings naming templates that are not in their channel's catalog (400, every one listed). */
export class MappingTemplateMissing extends DomainError<MappingTemplateMissing>()("MappingTemplateMissing", { kind: "invalid", code: "MAPPING_TEMPLATE_MISSING" }, {
  problems: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.problems.join("; ")
  }
}

/** Checks that each mapping's template exists on its channel; `prefix` names the field in messages. */
export const checkMappings = (mappings: ReadonlyArray<NewNotificationMapping>, prefix: (index: number) => string = () => "") =>
  Effect.gen(function*() {
    const catalog = yield* TemplateCatalogRepo
    const problems: Array<string> = []
    for (const [index, m] of mappings.entries()) {
      if (Option.isNone(yield* catalog.findByKey(m.channel, m.templateKey))) {
        problems.push(`${prefix(index)}templateKey must name a ${m.channel.toLowerCase()} template (no ${m.templateKey})`)
      }
    }
    if (problems.length > 0) return yield* new MappingTemplateMissing({ problems })
  })
