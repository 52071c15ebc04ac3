/**
 * The providers' template stores over HTTP (undici), for the channel-template operations that
 * create templates at the messaging provider and sync them back:
 * - SendGrid dynamic templates: `POST /v3/templates {name, generation: "dynamic"}` then
 *   `POST /v3/templates/{id}/versions {name, subject, html_content, active: 1}`; list with
 *   `GET /v3/templates?generations=dynamic&page_size=200` (`result[].versions[]`, the active one).
 * - Twilio Content API: `POST /v1/Content {friendly_name, language, variables, types: {"twilio/text": {body}}}`
 *   (`sid`); list with `GET /v1/Content?PageSize=500` (`contents[]`). Our `{{name}}` placeholders
 *   become Twilio's positional `{{1}}`, `{{2}}` with `variables` giving sample values.
 * - WhatsApp Cloud message templates: `POST /{version}/{businessAccountId}/message_templates
 *   {name, language, category: "UTILITY", components: [{type: "BODY", text}]}` (`id`, `status`);
 *   list with `GET /{version}/{businessAccountId}/message_templates?limit=250` (`data[]`). Positional
 *   parameters like Twilio's; new templates are PENDING until Meta reviews them.
 * Failures map like sends: 408/409/425/429/5xx and network errors retryable, other 4xx refused.
 */
import { Notifications } from "@podium/core"
import { Effect } from "effect"
import { requestJson } from "../platform/json-request.js"
import { isRetryableStatus, joinUrl, postToProvider, type ProviderResponse } from "./http-delivery.js"

const get = (input: {
  readonly channel: Notifications.Channel
  readonly provider: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
}): Effect.Effect<ProviderResponse, Notifications.DeliveryFailed> =>
  Effect.tryPromise({
    try: (signal) =>
      requestJson(input.url, {
        method: "GET",
        headers: input.headers,
        signal: AbortSignal.any([signal, AbortSignal.timeout(input.timeoutMs)]),
        timeoutMs: input.timeoutMs
      }),
    catch: (cause) =>
      new Notifications.DeliveryFailed({ channel: input.channel, provider: input.provider, message: `${input.provider} unreachable: ${String(cause)}`, retryable: true })
  }).pipe(
    Effect.flatMap((r) =>
      r.status >= 200 && r.status < 300
        ? Effect.succeed({ status: r.status, headers: r.headers, json: r.json })
        : Effect.fail(new Notifications.DeliveryFailed({
          channel: input.channel,
          provider: input.provider,
          message: `${input.provider} answered ${r.status}: ${r.text.slice(0, 300)}`,
          retryable: isRetryableStatus(r.status)
        }))
    ),
    Effect.withSpan(`provider.${input.provider}.templates`)
  )

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v !== null && typeof v === "object" ? v as Json : {})
const arr = (v: unknown): ReadonlyArray<unknown> => (Array.isArray(v) ? v : [])
const str = (v: unknown): string | null => (typeof v === "string" ? v : null)

/** `{{name}}` → `{{1}}`… in the order of `variables` (providers with positional parameters). */
export const toPositional = (text: string, variables: ReadonlyArray<string>) =>
  text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => {
    const i = variables.indexOf(name)
    return i < 0 ? whole : `{{${i + 1}}}`
  })

export const sendgridTemplates = (options: { readonly baseUrl: string; readonly apiKey: string; readonly timeoutMs?: number; readonly provider: string }): Notifications.ProviderTemplateStore => {
  const headers = { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" }
  const timeoutMs = options.timeoutMs ?? 10_000
  const common = { channel: "EMAIL" as const, provider: options.provider, headers, timeoutMs }
  return {
    create: (t) =>
      Effect.gen(function*() {
        const created = yield* postToProvider({ ...common, url: joinUrl(options.baseUrl, "/v3/templates"), body: JSON.stringify({ name: t.name, generation: "dynamic" }) })
        const id = str(obj(created.json).id) ?? ""
        yield* postToProvider({
          ...common,
          url: joinUrl(options.baseUrl, `/v3/templates/${encodeURIComponent(id)}/versions`),
          body: JSON.stringify({ name: `${t.name} v1`, subject: t.subject ?? "", html_content: t.body, active: 1 })
        })
        return { providerTemplateId: id, name: t.name, language: t.language, status: "ACTIVE" as const, subject: t.subject, body: t.body }
      }),
    list: Effect.map(get({ ...common, url: joinUrl(options.baseUrl, "/v3/templates?generations=dynamic&page_size=200") }), (r) =>
      arr(obj(r.json).result).map((raw) => {
        const t = obj(raw)
        const versions = arr(t.versions).map(obj)
        const active = versions.find((v) => v.active === 1) ?? versions[0] ?? {}
        return {
          providerTemplateId: str(t.id) ?? "",
          name: str(t.name) ?? "",
          language: null,
          status: "ACTIVE" as const,
          subject: str(active.subject),
          body: str(active.html_content) ?? str(active.plain_content) ?? ""
        }
      }))
  }
}

export const twilioContentTemplates = (options: {
  readonly baseUrl: string
  readonly accountSid: string
  readonly authToken: string
  readonly timeoutMs?: number
  readonly provider: string
}): Notifications.ProviderTemplateStore => {
  const headers = {
    authorization: `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`,
    "content-type": "application/json"
  }
  const common = { channel: "SMS" as const, provider: options.provider, headers, timeoutMs: options.timeoutMs ?? 10_000 }
  return {
    create: (t) =>
      Effect.map(
        postToProvider({
          ...common,
          url: joinUrl(options.baseUrl, "/v1/Content"),
          body: JSON.stringify({
            friendly_name: t.name,
            language: t.language,
            variables: Object.fromEntries(t.variables.map((v, i) => [String(i + 1), v])),
            types: { "twilio/text": { body: toPositional(t.body, t.variables) } }
          })
        }),
        (r) => ({
          providerTemplateId: str(obj(r.json).sid) ?? "",
          name: t.name,
          language: t.language,
          status: "ACTIVE" as const,
          subject: null,
          body: t.body
        })
      ),
    list: Effect.map(get({ ...common, url: joinUrl(options.baseUrl, "/v1/Content?PageSize=500") }), (r) =>
      arr(obj(r.json).contents).map((raw) => {
        const c = obj(raw)
        return {
          providerTemplateId: str(c.sid) ?? "",
          name: str(c.friendly_name) ?? "",
          language: str(c.language),
          status: "ACTIVE" as const,
          subject: null,
          body: str(obj(obj(c.types)["twilio/text"]).body) ?? ""
        }
      }))
  }
}

const whatsappStatus = (s: string | null): Notifications.ProviderTemplateStatus =>
  s === "APPROVED" ? "APPROVED" : s === "REJECTED" || s === "DISABLED" || s === "PAUSED" ? "REJECTED" : "PENDING"

export const whatsappTemplates = (options: {
  readonly baseUrl: string
  readonly accessToken: string
  readonly businessAccountId: string
  readonly apiVersion?: string
  readonly timeoutMs?: number
  readonly provider: string
}): Notifications.ProviderTemplateStore => {
  const headers = { authorization: `Bearer ${options.accessToken}`, "content-type": "application/json" }
  const common = { channel: "CHAT" as const, provider: options.provider, headers, timeoutMs: options.timeoutMs ?? 10_000 }
  const base = joinUrl(options.baseUrl, `/${options.apiVersion ?? "v21.0"}/${encodeURIComponent(options.businessAccountId)}/message_templates`)
  return {
    create: (t) =>
      Effect.map(
        postToProvider({
          ...common,
          url: base,
          body: JSON.stringify({
            name: t.name,
            language: t.language,
            category: "UTILITY",
            components: [{ type: "BODY", text: toPositional(t.body, t.variables) }]
          })
        }),
        (r) => ({
          providerTemplateId: t.name,
          name: t.name,
          language: t.language,
          status: whatsappStatus(str(obj(r.json).status)),
          subject: null,
          body: t.body
        })
      ),
    list: Effect.map(get({ ...common, url: `${base}?limit=250` }), (r) =>
      arr(obj(r.json).data).map((raw) => {
        const t = obj(raw)
        const body = arr(t.components).map(obj).find((c) => c.type === "BODY")
        return {
          providerTemplateId: str(t.name) ?? "",
          name: str(t.name) ?? "",
          language: str(t.language),
          status: whatsappStatus(str(t.status)),
          subject: null,
          body: str(body?.text) ?? ""
        }
      }))
  }
}
