/** The provider selector of hosts/common: HTTP when configured, local recorder in development/test, not configured in production. */
import { assert, describe, it } from "@effect/vitest"
import { Notifications } from "@podium/core"
import { RecordedDeliveries } from "@podium/core/testing"
import { appConfigFrom, NotificationProviders, notificationProviderProbes, NotificationSendersLive, AppConfig } from "@podium/host-common"
import { Effect, Layer, Option } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const configWith = (env: Record<string, string>) =>
  appConfigFrom({ DATA_DIR: mkdtempSync(join(tmpdir(), "podium-notif-")), OPS_TOKEN: "x", JWT_SECRET: "j", HASH_SECRET: "h", ENCRYPTION_KEY: "e", ...env })

const sendersFor = (env: Record<string, string>) =>
  Effect.flatMap(configWith(env), (config) =>
    Effect.gen(function*() {
      const email = yield* Notifications.EmailSender
      const sms = yield* Notifications.SmsSender
      const push = yield* Notifications.PushSender
      const chat = yield* Notifications.ChatSender
      const infos = yield* NotificationProviders
      const probes = yield* notificationProviderProbes
      return { email, sms, push, chat, infos, probes, recorded: yield* RecordedDeliveries, config }
    }).pipe(Effect.provide(NotificationSendersLive.pipe(Layer.provide(Layer.succeed(AppConfig, config))))))

describe("notification provider selection", () => {
  it.effect("development with nothing configured: local recorders for every channel, no provider probes", () =>
    Effect.gen(function*() {
      const s = yield* sendersFor({ APP_ENV: "development" })
      assert.deepStrictEqual([s.email.provider, s.sms.provider, s.push.provider, s.chat.provider], ["local", "local", "local", "local"])
      assert.deepStrictEqual(s.infos.map((i) => i.kind), ["local", "local", "local", "local"])
      assert.strictEqual(s.probes.length, 0)
      yield* s.sms.send({ to: "+919876543210", body: "hi", idempotencyKey: "k" })
      assert.strictEqual(s.recorded.all().length, 1)
    }))

  it.effect("configured channels use their HTTP adapter and get a health probe; others stay local", () =>
    Effect.gen(function*() {
      const s = yield* sendersFor({
        APP_ENV: "test",
        EMAIL_PROVIDER_URL: "https://api.sendgrid.example",
        EMAIL_PROVIDER_KEY: "SG.secret",
        EMAIL_FROM: "no-reply@podium.test",
        CHAT_PROVIDER_URL: "https://graph.example",
        CHAT_PROVIDER_TOKEN: "EAAG",
        CHAT_PHONE_NUMBER_ID: "123"
      })
      assert.strictEqual(s.email.provider, "sendgrid-v3")
      assert.strictEqual(s.chat.provider, "whatsapp-cloud")
      assert.strictEqual(s.sms.provider, "local")
      assert.deepStrictEqual(s.probes.map((p) => p.name), ["notifications.email", "notifications.chat"])
      const health = yield* s.probes[0]!.check
      assert.strictEqual(health.status, "up")
      assert.notInclude(JSON.stringify(health), "SG.secret")
      assert.isTrue(Option.isSome(s.config.notificationProviders!.email))
    }))

  it.effect("the chat-app template store exists only with CHAT_BUSINESS_ACCOUNT_ID; e-mail and SMS HTTP adapters always have one", () =>
    Effect.gen(function*() {
      const chat = { CHAT_PROVIDER_URL: "https://graph.example", CHAT_PROVIDER_TOKEN: "EAAG", CHAT_PHONE_NUMBER_ID: "123" }
      const without = yield* sendersFor({ APP_ENV: "test", ...chat })
      assert.strictEqual(without.chat.templates, undefined)
      const withAccount = yield* sendersFor({ APP_ENV: "test", ...chat, CHAT_BUSINESS_ACCOUNT_ID: "WABA1" })
      assert.isDefined(withAccount.chat.templates)
      assert.isDefined(withAccount.sms.templates)
      const unconfigured = yield* sendersFor({ APP_ENV: "production" })
      assert.strictEqual(unconfigured.email.templates, undefined)
    }))

  it.effect("production with nothing configured: configured=false senders failing ProviderNotConfigured", () =>
    Effect.gen(function*() {
      const s = yield* sendersFor({ APP_ENV: "production" })
      assert.isFalse(s.sms.configured)
      const error = yield* s.sms.send({ to: "+919876543210", body: "x", idempotencyKey: "k" }).pipe(Effect.flip)
      assert.strictEqual(error._tag, "ProviderNotConfigured")
      assert.match(error.message, /SMS_PROVIDER_URL/)
      assert.strictEqual(s.probes.length, 0)
    }))

  it.effect("a partial provider configuration fails at start naming the missing variable", () =>
    Effect.gen(function*() {
      const error = yield* configWith({ SMS_PROVIDER_URL: "https://api.twilio.example", SMS_PROVIDER_ACCOUNT: "AC1" }).pipe(Effect.flip)
      assert.match(String(error), /SMS_PROVIDER_TOKEN/)
      const badUrl = yield* configWith({ PUSH_PROVIDER_URL: "ftp://x", PUSH_PROVIDER_KEY: "k", PUSH_PROJECT_ID: "p" }).pipe(Effect.flip)
      assert.match(String(badUrl), /PUSH_PROVIDER_URL/)
    }))
})
