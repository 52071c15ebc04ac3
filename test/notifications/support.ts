/** Shared pieces of the notification tests: counting senders, a worker runner and fixtures. */
import { Notifications } from "@podium/core"
import { makeRecordingSenders, RecordedDeliveries } from "@podium/core/testing"
import { Context, Duration, Effect, Fiber, Layer } from "effect"

/** Every send call, by idempotency key (the recorder itself dedupes, so duplicates show only here). */
export class SendCalls extends Context.Tag("test/notifications/SendCalls")<SendCalls, {
  readonly calls: Map<string, number>
  /** Sends whose key is listed here hang until interrupted (a worker killed mid-send). */
  readonly hang: Set<string>
}>() {}

/** Recording senders wrapped to count calls per idempotency key; channels in `unconfigured` fail ProviderNotConfigured. */
export const countingSenders = (options: { readonly unconfigured?: ReadonlyArray<Notifications.Channel> } = {}) =>
  Layer.effectContext(Effect.sync(() => {
    const s = makeRecordingSenders()
    const calls = new Map<string, number>()
    const hang = new Set<string>()
    const wrap = <M extends { readonly idempotencyKey: string }>(
      channel: Notifications.Channel,
      sender: Notifications.Sender<M>
    ): Notifications.Sender<M> => {
      if (options.unconfigured?.includes(channel)) {
        return {
          provider: "none",
          configured: false,
          send: () => Effect.fail(new Notifications.ProviderNotConfigured({ channel, message: `No ${channel} provider configured` }))
        }
      }
      return {
        ...sender,
        send: (message) =>
          Effect.suspend(() => {
            calls.set(message.idempotencyKey, (calls.get(message.idempotencyKey) ?? 0) + 1)
            if (hang.delete(message.idempotencyKey)) return Effect.never
            return sender.send(message)
          })
      }
    }
    return Context.make(RecordedDeliveries, s.recorded).pipe(
      Context.add(SendCalls, { calls, hang }),
      Context.add(Notifications.SmsSender, wrap("SMS", s.sms)),
      Context.add(Notifications.EmailSender, wrap("EMAIL", s.email)),
      Context.add(Notifications.PushSender, wrap("PUSH", s.push)),
      Context.add(Notifications.ChatSender, wrap("CHAT", s.chat))
    )
  }))

export const fastWorker = (workerId: string, overrides: Partial<Notifications.OutboxWorkerOptions> = {}): Notifications.OutboxWorkerOptions => ({
  workerId,
  batchSize: 50,
  concurrency: 8,
  pollInterval: "20 millis",
  leaseMs: 2_000,
  drain: "5 seconds",
  ...overrides
})

/** Runs outbox workers until `done` holds (or fails after `within`), then stops them. */
export const runWorkersUntil = <R>(
  workers: ReadonlyArray<Notifications.OutboxWorkerOptions>,
  done: Effect.Effect<boolean, never, R>,
  within: Duration.DurationInput = "20 seconds"
) =>
  Effect.gen(function*() {
    const fibers = yield* Effect.forEach(workers, (w) => Effect.fork(Notifications.runOutboxWorker(w)))
    yield* Effect.repeat(Effect.zipLeft(done, Effect.sleep("20 millis")), { until: (ok) => ok }).pipe(
      Effect.timeoutFail({ duration: within, onTimeout: () => new Error("condition not reached in time") })
    )
    yield* Fiber.interruptAll(fibers)
  })

/** True when no outbox row waits or is in flight. */
export const outboxSettled = Effect.map(
  Effect.flatMap(Notifications.OutboxRepo, (o) => o.summary),
  (s) => s.byStatus.PENDING + s.byStatus.PROCESSING + s.byStatus.FAILED === 0
)

export const rowIs = (id: Notifications.OutboxId, ...statuses: ReadonlyArray<Notifications.OutboxStatus>) =>
  Effect.map(
    Effect.flatMap(Notifications.OutboxRepo, (o) => Effect.orDie(o.get(id))),
    (row) => statuses.includes(row.status)
  )
