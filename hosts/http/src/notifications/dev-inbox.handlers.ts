/**
 * DEVELOPMENT ONLY: one address's recorded messages (the host routes the development API only
 * when APP_ENV is not production, see server.ts).
 */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { NotificationsDevApi } from "@podium/contracts/notifications"
import type { Accounts, Organizers } from "@podium/core"
import { RecordedDeliveries } from "@podium/core/testing"
import { demoSignInGuide, seedDemoAccounts } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const str = (v: unknown) => (typeof v === "string" ? v : null)

/**
 * The addresses a `to` may mean: as given, lower-cased (e-mail), and with its `+` restored — a
 * query string turns an unencoded `+919…` into ` 919…`.
 */
const addressesOf = (to: string): ReadonlySet<string> => {
  const trimmed = to.trim()
  const forms = new Set([trimmed, trimmed.toLowerCase()])
  if (/^\d{6,15}$/.test(trimmed)) forms.add(`+${trimmed}`)
  return forms
}

type SeedServices = Accounts.AdminRepo | Accounts.UserRepo | Organizers.OrganizerRepo

export const DevInboxHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "devInbox">, never, NotificationHandlerServices | SeedServices> =
  apiGroup(NotificationsDevApi, "devInbox", (handlers) =>
    handlers
    .handle("devSeed", () =>
      Effect.gen(function*() {
        const request = yield* HttpServerRequest.HttpServerRequest
        const accounts = yield* Effect.orDie(seedDemoAccounts)
        return { accounts, guide: demoSignInGuide(accounts, `http://${request.headers.host ?? "localhost"}`) }
      }))
    .handle("devInbox", ({ urlParams }) =>
      Effect.gen(function*() {
        const recorded = yield* RecordedDeliveries
        const wanted = addressesOf(urlParams.to)
        return recorded.all()
          .filter((d) => wanted.has(d.to) || wanted.has(d.to.toLowerCase()))
          .reverse()
          .slice(0, urlParams.limit ?? 20)
          .map((d) => {
            const m = d.message as Record<string, unknown>
            const body = str(m.text) ?? str(m.body) ?? ""
            return {
              channel: publicChannel(d.channel),
              to: d.to,
              subject: str(m.subject) ?? str(m.title),
              body,
              code: /\b(\d{4,8})\b/.exec(body)?.[1] ?? null,
              at: d.at
            }
          })
      })))
