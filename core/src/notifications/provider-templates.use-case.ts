/**
 * Channel templates and the messaging provider's own template store (B "Channel templates":
 * email/sms `create-via-messaging-provider`, email/sms/chatapp `sync`, chatapp
 * `verify-chatapp-provider`). Every operation goes through the channel's sender port: a channel
 * whose provider is not configured, or whose provider keeps no templates, fails
 * ProviderNotConfigured (503) — nothing is pretended.
 *
 * - Create: checks the content (declared variables = placeholders) and that the key is free, creates
 *   the template at the provider, then the catalog template (version 1) with the provider mapping
 *   (provider id, language, parameter order). Decision: provider first, so a provider refusal leaves
 *   nothing behind locally; a key taken between the check and the insert answers 409 and leaves an
 *   unmapped provider template that the next sync imports.
 * - Sync: reads the provider's templates; one already mapped (or whose name is a catalog key) gets a
 *   new active version when its content changed at the provider; others are imported as new PRIVATE
 *   catalog templates; REJECTED ones and ones whose content does not fit the channel are skipped
 *   with the reason. Positional provider parameters (`{{1}}`) are mapped back to our variable names.
 * - Verify: asks the provider for the mapped template and answers its review status.
 */
import { Effect, Either, Option } from "effect"
import {
  type Channel,
  ChatSender,
  EmailSender,
  type ProviderTemplate,
  type ProviderTemplateStore,
  ProviderNotConfigured,
  type Sender,
  SmsSender
} from "./channels.port.js"
import { type CatalogTemplate, checkTemplateContent, TemplateContentInvalid, TemplateKeyTaken } from "./template-catalog.model.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
import { addCatalogTemplateVersion, createCatalogTemplate, getCatalogTemplate } from "./template-catalog.use-case.js"
import { NoProviderMapping, type ProviderMapping, TemplateCatalogExtrasRepo } from "./template-catalog-extras.port.js"
import { placeholdersOf } from "./template.model.js"

export type TemplateChannel = Exclude<Channel, "PUSH">

const senderOf = (channel: TemplateChannel): Effect.Effect<Sender<unknown>, never, EmailSender | SmsSender | ChatSender> => {
  switch (channel) {
    case "EMAIL":
      return Effect.map(EmailSender, (s) => s as Sender<unknown>)
    case "SMS":
      return Effect.map(SmsSender, (s) => s as Sender<unknown>)
    case "CHAT":
      return Effect.map(ChatSender, (s) => s as Sender<unknown>)
  }
}

/** The channel provider's template store, or 503 when there is none to talk to. */
export const providerTemplateStore = (channel: TemplateChannel) =>
  Effect.flatMap(senderOf(channel), (sender): Effect.Effect<{ readonly provider: string; readonly store: ProviderTemplateStore }, ProviderNotConfigured> => {
    if (!sender.configured) {
      return Effect.fail(new ProviderNotConfigured({ channel, message: `No ${channel} messaging provider is configured` }))
    }
    if (sender.templates === undefined) {
      return Effect.fail(new ProviderNotConfigured({ channel, message: `The ${channel} provider ${sender.provider} has no template store configured` }))
    }
    return Effect.succeed({ provider: sender.provider, store: sender.templates })
  })

/** `{{1}}`… back to our names, by the mapping's parameter order. */
export const fromPositional = (text: string, parameters: ReadonlyArray<string>) =>
  text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] === undefined ? whole : `{{${parameters[Number(n) - 1]}}}`)

const mappingOf = (t: ProviderTemplate, parameters: ReadonlyArray<string>): ProviderMapping => ({
  providerTemplateName: t.providerTemplateId,
  language: t.language ?? "en",
  namespace: null,
  parameters,
  updatedAt: new Date().toISOString()
})

export interface CreateViaProviderInput {
  readonly channel: TemplateChannel
  readonly key: string
  readonly name: string
  readonly description: string | null
  readonly category: string | null
  readonly language: string
  readonly subject: string | null
  readonly body: string
  readonly variables: ReadonlyArray<string>
  readonly priceMinor: number
  readonly currency: string
  readonly visibility: "PRIVATE" | "ORGANIZERS"
}

export const createTemplateViaProvider = Effect.fn("notifications.createTemplateViaProvider")(function*(input: CreateViaProviderInput) {
  const { problems } = checkTemplateContent(input.channel, input)
  if (problems.length > 0) return yield* new TemplateContentInvalid({ problems })
  if (Option.isSome(yield* (yield* TemplateCatalogRepo).findByKey(input.channel, input.key))) return yield* new TemplateKeyTaken({ key: input.key })
  const { provider, store } = yield* providerTemplateStore(input.channel)
  const remote = yield* store.create({ name: input.key, language: input.language, subject: input.subject, body: input.body, variables: input.variables })
  const { language: _language, ...catalog } = input
  const template = yield* createCatalogTemplate(catalog)
  yield* (yield* TemplateCatalogExtrasRepo).setProviderMapping(input.channel, template.id, mappingOf(remote, input.variables))
  return { template, provider, providerTemplate: remote }
})

const slug = (name: string) =>
  name.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[^a-z0-9]+/, "").slice(0, 120)

export interface SyncOutcome {
  readonly provider: string
  readonly total: number
  readonly imported: ReadonlyArray<string>
  readonly updated: ReadonlyArray<string>
  readonly unchanged: number
  readonly skipped: ReadonlyArray<{ readonly name: string; readonly reason: string }>
}

export const syncTemplatesFromProvider = Effect.fn("notifications.syncTemplatesFromProvider")(function*(channel: TemplateChannel) {
  const { provider, store } = yield* providerTemplateStore(channel)
  const remote = yield* store.list
  const catalog = yield* TemplateCatalogRepo
  const extras = yield* TemplateCatalogExtrasRepo
  const local = (yield* catalog.list(channel, { page: 1, limit: 10_000 })).items
  const mapped = new Map<string, { readonly template: CatalogTemplate; readonly parameters: ReadonlyArray<string> }>()
  for (const t of local) {
    const e = yield* extras.get(channel, t.id)
    if (Option.isSome(e) && e.value.providerMapping !== null) {
      mapped.set(e.value.providerMapping.providerTemplateName, { template: t, parameters: e.value.providerMapping.parameters })
    }
  }
  const imported: Array<string> = []
  const updated: Array<string> = []
  const skipped: Array<{ name: string; reason: string }> = []
  let unchanged = 0
  for (const r of remote) {
    if (r.status === "REJECTED") {
      skipped.push({ name: r.name, reason: "rejected by the provider" })
      continue
    }
    const byMapping = mapped.get(r.providerTemplateId)
    const byKey = byMapping === undefined ? local.find((t) => t.key === slug(r.name)) : undefined
    const parameters = byMapping?.parameters ?? []
    const body = fromPositional(r.body, parameters)
    const subject = channel === "EMAIL" ? (r.subject ?? r.name) : null
    const content = { subject, body, variables: [...new Set([...placeholdersOf(body), ...(subject === null ? [] : placeholdersOf(subject))])] }
    const problems = checkTemplateContent(channel, content).problems
    if (problems.length > 0) {
      skipped.push({ name: r.name, reason: problems.join("; ") })
      continue
    }
    const existing = byMapping?.template ?? byKey
    if (existing !== undefined) {
      if (existing.body === content.body && existing.subject === content.subject) {
        unchanged++
      } else {
        yield* addCatalogTemplateVersion(channel, existing.id, content, true).pipe(Effect.orDie)
        updated.push(existing.key)
      }
      if (byMapping === undefined) yield* extras.setProviderMapping(channel, existing.id, mappingOf(r, content.variables))
      continue
    }
    const key = slug(r.name)
    if (key === "") {
      skipped.push({ name: r.name, reason: "name gives no usable key" })
      continue
    }
    const created = yield* createCatalogTemplate({
      channel,
      key,
      name: r.name,
      description: `Imported from ${provider}`,
      category: null,
      priceMinor: 0,
      currency: "INR",
      visibility: "PRIVATE",
      ...content
    }).pipe(Effect.either)
    if (Either.isLeft(created)) {
      skipped.push({ name: r.name, reason: created.left.message })
      continue
    }
    yield* extras.setProviderMapping(channel, created.right.id, mappingOf(r, content.variables))
    imported.push(key)
  }
  const outcome: SyncOutcome = { provider, total: remote.length, imported, updated, unchanged, skipped }
  return outcome
})

/** Asks the chat-app provider about the template the catalog template is mapped to. */
export const verifyChatTemplate = Effect.fn("notifications.verifyChatTemplate")(function*(id: string) {
  yield* getCatalogTemplate("CHAT", id)
  const extras = yield* (yield* TemplateCatalogExtrasRepo).get("CHAT", id)
  const mapping = Option.flatMap(extras, (e) => Option.fromNullable(e.providerMapping))
  if (Option.isNone(mapping)) return yield* new NoProviderMapping({ id })
  const { provider, store } = yield* providerTemplateStore("CHAT")
  const found = (yield* store.list).find((t) => t.providerTemplateId === mapping.value.providerTemplateName)
  return {
    id,
    provider,
    providerTemplateName: mapping.value.providerTemplateName,
    found: found !== undefined,
    status: found?.status ?? null,
    verified: found !== undefined && (found.status === "APPROVED" || found.status === "ACTIVE"),
    checkedAt: new Date()
  }
})

