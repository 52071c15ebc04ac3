/**
 * Template records (B "Notifications / Template records"): one named notification ("event
 * reminder") with the catalog template key it uses on each channel (any subset of email, sms,
 * push, chat-app; at least one). Key unique (409); every named template must exist in its
 * channel's catalog (400, each missing one listed). Generic CRUD storage with full replacement
 * (PUT) as the spec lists.
 */
import { DomainError, TemplateRecord } from "@podium/kernel"
import { Context, Effect, Option, Schema } from "effect"
import type { CrudRepo, CrudResource } from "../platform/crud.port.js"
import type { Channel } from "./channels.port.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
/** Records shared with the contracts are declared in the kernel. */
export { TemplateRecord } from "@podium/kernel"

export interface NewTemplateRecord {
  readonly key: string
  readonly name: string
  readonly description?: string | null
  readonly category?: string | null
  readonly emailTemplateKey?: string | null
  readonly smsTemplateKey?: string | null
  readonly pushTemplateKey?: string | null
  readonly chatappTemplateKey?: string | null
}

export const TemplateRecordResource: CrudResource = {
  name: "template record",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      key: "string",
      name: "string",
      description: "string",
      category: "string",
      emailTemplateKey: "string",
      smsTemplateKey: "string",
      pushTemplateKey: "string",
      chatappTemplateKey: "string",
      createdAt: "date",
      updatedAt: "date"
    },
    defaultSort: [{ field: "key", order: "ASC" }],
    searchable: ["key", "name"]
  }
}

export class TemplateRecordRepo extends Context.Tag("@podium/core/notifications/TemplateRecordRepo")<
  TemplateRecordRepo,
  CrudRepo<TemplateRecord, NewTemplateRecord, Partial<NewTemplateRecord>>
>() {}

/** A record names no template, or templates missing from their catalogs (400). */
export class TemplateRecordInvalid extends DomainError<TemplateRecordInvalid>()("TemplateRecordInvalid", { kind: "invalid", code: "TEMPLATE_RECORD_INVALID" }, {
  problems: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.problems.join("; ")
  }
}

const slots: ReadonlyArray<readonly [keyof NewTemplateRecord, Channel]> = [
  ["emailTemplateKey", "EMAIL"],
  ["smsTemplateKey", "SMS"],
  ["pushTemplateKey", "PUSH"],
  ["chatappTemplateKey", "CHAT"]
]

/** Checks at least one channel is named and each named template exists on its channel. */
export const checkTemplateRecord = (input: NewTemplateRecord) =>
  Effect.gen(function*() {
    const catalog = yield* TemplateCatalogRepo
    const problems: Array<string> = []
    let named = 0
    for (const [field, channel] of slots) {
      const key = input[field]
      if (key === undefined || key === null) continue
      named++
      if (Option.isNone(yield* catalog.findByKey(channel, key))) {
        problems.push(`${field} must name a ${channel.toLowerCase()} template (no ${key})`)
      }
    }
    if (named === 0) problems.unshift("at least one of emailTemplateKey, smsTemplateKey, pushTemplateKey, chatappTemplateKey must be given")
    if (problems.length > 0) return yield* new TemplateRecordInvalid({ problems })
  })
