/**
 * The delivery path: claim due outbox rows, render, check preferences, send through the channel's
 * provider port with the row id as idempotency key, record the attempt (log row + outcome) —
 * SENT, FAILED with the policy's backoff, or DEAD after its last attempt.
 */
import { Cause, DateTime, Duration, Effect, Either, Fiber, Option } from "effect"
import {
  type Channel,
  ChatSender,
  type Delivery,
  DeliveryFailed,
  EmailSender,
  PushSender,
  type SendError,
  SmsSender
} from "./channels.port.js"
import { JourneyStepRepo } from "./journey.model.js"
import type { OutboxMessage } from "./outbox.model.js"
import { type AttemptOutcome, OutboxRepo, PreferenceRepo, RetryPolicyRepo, TemplateRepo } from "./outbox.port.js"
import { checkPreferences } from "./preference.model.js"
import { afterFailedAttempt, type RetryPolicy } from "./retry-policy.model.js"
import { type Rendered, renderTemplate, TemplateNotFound, type TemplateVariableMissing } from "./template.model.js"

/** The four channel senders. */
export type Senders = SmsSender | EmailSender | PushSender | ChatSender

/** What delivery needs in context. */
export type DeliveryServices = OutboxRepo | TemplateRepo | PreferenceRepo | RetryPolicyRepo | Senders

export interface DeliveryOptions {
  readonly workerId: string
  /** Lease length; a send taking longer than 80 % of it (or of what is left of it) is abandoned as a retryable failure. */
  readonly leaseMs: number
}

const MaxErrorLength = 2000
/** Below this much lease left a send is not started (see `attempt`). */
const MinSendWindowMs = 100
const clip = (text: string) => (text.length > MaxErrorLength ? text.slice(0, MaxErrorLength) : text)

/** Sends one rendered message through the channel's sender. */
export const sendThroughChannel = (
  channel: Channel,
  message: { readonly to: string; readonly subject: string | null; readonly body: string; readonly idempotencyKey: string; readonly template?: string }
): Effect.Effect<Delivery & { readonly provider: string }, SendError, Senders> => {
  const template = message.template === undefined ? {} : { template: message.template }
  switch (channel) {
    case "EMAIL":
      return Effect.flatMap(EmailSender, (s) =>
        s.send({ to: message.to, subject: message.subject ?? "", text: message.body, idempotencyKey: message.idempotencyKey, ...template }))
    case "SMS":
      return Effect.flatMap(SmsSender, (s) => s.send({ to: message.to, body: message.body, idempotencyKey: message.idempotencyKey, ...template }))
    case "PUSH":
      return Effect.flatMap(PushSender, (s) =>
        s.send({ to: message.to, title: message.subject ?? "", body: message.body, idempotencyKey: message.idempotencyKey, ...template }))
    case "CHAT":
      return Effect.flatMap(ChatSender, (s) => s.send({ to: message.to, body: message.body, idempotencyKey: message.idempotencyKey, ...template }))
  }
}

const providerOf = (channel: Channel): Effect.Effect<string, never, Senders> => {
  switch (channel) {
    case "EMAIL":
      return Effect.map(EmailSender, (s) => s.provider)
    case "SMS":
      return Effect.map(SmsSender, (s) => s.provider)
    case "PUSH":
      return Effect.map(PushSender, (s) => s.provider)
    case "CHAT":
      return Effect.map(ChatSender, (s) => s.provider)
  }
}

/** Renders the row's template (newest active version) or takes its literal subject/body. */
export const renderMessage = (
  row: OutboxMessage
): Effect.Effect<Rendered, TemplateNotFound | TemplateVariableMissing, TemplateRepo> =>
  Effect.gen(function*() {
    if (row.templateKey === null) return { subject: row.subject, body: row.body ?? "" }
    const found = yield* (yield* TemplateRepo).findActive(row.channel, row.templateKey)
    if (Option.isNone(found)) {
      return yield* new TemplateNotFound({
        channel: row.channel,
        key: row.templateKey,
        message: `No active ${row.channel} template "${row.templateKey}"`
      })
    }
    return yield* Either.match(renderTemplate(found.value, row.variables), {
      onLeft: (e) => Effect.fail(e),
      onRight: (r) => Effect.succeed(r)
    })
  })

/**
 * Whether a row produced by a journey step may go out: the step must be known (named by a mapping
 * or set by an admin), enabled, and have an enabled mapping on the row's channel. Rows without a
 * step (OTP codes, admin sends, organizer batches) are not concerned. Outbox rows carry no role, so
 * a step key is judged across roles: allowed when any enabled step of that key maps the channel.
 * Hosts without the journey repository (bare test layers) skip the check.
 */
export const journeyStepVerdict = (
  row: Pick<OutboxMessage, "step" | "channel">
): Effect.Effect<{ readonly allowed: true } | { readonly allowed: false; readonly reason: string }> =>
  Effect.gen(function*() {
    if (row.step === null) return { allowed: true } as const
    const repo = yield* Effect.serviceOption(JourneyStepRepo)
    if (Option.isNone(repo)) return { allowed: true } as const
    const steps = (yield* repo.value.list({ step: row.step })).filter((s) => s.step === row.step)
    if (steps.length === 0) return { allowed: false, reason: `journey step "${row.step}" is not mapped` } as const
    const enabled = steps.filter((s) => s.enabled)
    if (enabled.length === 0) return { allowed: false, reason: `journey step "${row.step}" is disabled` } as const
    if (!enabled.some((s) => s.mappings.some((m) => m.channel === row.channel && m.enabled))) {
      return { allowed: false, reason: `journey step "${row.step}" has no enabled ${row.channel} mapping` } as const
    }
    return { allowed: true } as const
  })

/** Decides one claimed row's attempt outcome (no writes). */
const attempt = (
  row: OutboxMessage,
  options: DeliveryOptions,
  policies: ReadonlyArray<RetryPolicy> | undefined
): Effect.Effect<AttemptOutcome, never, Exclude<DeliveryServices, OutboxRepo>> =>
  Effect.gen(function*() {
    const policy = policies?.find((p) => p.channel === row.channel) ?? (yield* (yield* RetryPolicyRepo).get(row.channel))
    const now = yield* DateTime.now
    const failed = (provider: string | null, error: string, retryable: boolean): AttemptOutcome => {
      const next = afterFailedAttempt(policy, row, retryable)
      return {
        _tag: "Failed",
        provider,
        error: clip(error),
        retryAt: next._tag === "Retry" ? DateTime.addDuration(now, next.delay) : null
      }
    }

    // A journey step switched off, or with no enabled mapping on the row's channel, is not sent:
    // SKIPPED with the reason on the log row (checked before rendering, so a step an admin turned
    // off never goes DEAD over a template problem).
    const stepVerdict = yield* journeyStepVerdict(row)
    if (!stepVerdict.allowed) return { _tag: "Skipped", reason: stepVerdict.reason } satisfies AttemptOutcome

    // A template that is missing or lacks a variable will not fix itself: DEAD at once, and an
    // operator retries after fixing the template.
    const rendered = yield* Effect.either(renderMessage(row))
    if (Either.isLeft(rendered)) return failed(null, `${rendered.left._tag}: ${rendered.left.message}`, false)

    if (row.userId !== null && row.category !== null) {
      const preferences = yield* (yield* PreferenceRepo).get(row.userId)
      const verdict = checkPreferences(preferences, row)
      if (!verdict.allowed) return { _tag: "Skipped", reason: verdict.reason } satisfies AttemptOutcome
    }

    const provider = yield* providerOf(row.channel)
    // A row that waited behind others in its batch has less lease left than it was claimed with.
    // The send must end while this worker still holds the lease: once it lapses another worker may
    // reclaim the row and send it too. With too little lease left the row is handed back, due at
    // once and without spending an attempt on the retry policy.
    const sendAt = yield* DateTime.now
    const leaseLeftMs = row.leaseUntil === null
      ? options.leaseMs
      : DateTime.toEpochMillis(row.leaseUntil) - DateTime.toEpochMillis(sendAt)
    const sendWindowMs = Math.floor(Math.min(options.leaseMs, leaseLeftMs) * 0.8)
    if (sendWindowMs < MinSendWindowMs) {
      return { _tag: "Failed", provider: null, error: "not sent: the lease ran out while the row waited in its batch", retryAt: sendAt } satisfies AttemptOutcome
    }
    const sendTimeout = Duration.millis(sendWindowMs)
    const sent = yield* sendThroughChannel(row.channel, {
      to: row.recipient,
      subject: rendered.right.subject,
      body: rendered.right.body,
      idempotencyKey: row.id,
      ...(row.templateKey === null ? {} : { template: row.templateKey })
    }).pipe(
      Effect.timeoutFail({
        duration: sendTimeout,
        onTimeout: () =>
          new DeliveryFailed({ channel: row.channel, provider, message: `no answer within ${Duration.format(sendTimeout)}`, retryable: true })
      }),
      Effect.either
    )
    if (Either.isRight(sent)) {
      return {
        _tag: "Sent",
        provider: sent.right.provider,
        providerMessageId: sent.right.providerMessageId,
        subject: rendered.right.subject,
        body: rendered.right.body
      } satisfies AttemptOutcome
    }
    const error = sent.left
    // Not configured: retried on the policy's backoff like any retryable failure (never faster),
    // so configuring the provider later drains the backlog; DEAD after the last attempt.
    return error._tag === "ProviderNotConfigured"
      ? failed(null, `ProviderNotConfigured: ${error.message}`, true)
      : failed(error.provider, `DeliveryFailed: ${error.message}`, error.retryable)
  })

/** Delivers one claimed row and records the outcome; a lost lease is logged, not raised. Returns the outcome. */
export const deliverClaimed = Effect.fn("notifications.deliverClaimed")(function*(
  row: OutboxMessage,
  options: DeliveryOptions,
  /** The retry policies read once per batch (read per row when absent). */
  policies?: ReadonlyArray<RetryPolicy>
) {
  const outbox = yield* OutboxRepo
  const outcome = yield* attempt(row, options, policies)
  const ref = { id: row.id, workerId: options.workerId, attempt: row.attempts }
  if (outcome._tag === "Failed") {
    yield* outcome.retryAt === null
      ? Effect.logWarning("notification DEAD", outcome.error)
      : Effect.logDebug(`notification failed; retry at ${DateTime.formatIso(outcome.retryAt)}`, outcome.error)
  }
  yield* outbox.recordAttempt(ref, outcome).pipe(
    Effect.catchTag("OutboxLeaseLost", () => Effect.logWarning("outbox lease lost; another worker owns the row now"))
  )
  return outcome
}, (effect, row) => effect.pipe(Effect.annotateLogs({ outboxId: row.id, channel: row.channel, attempt: row.attempts })))

export interface OutboxWorkerOptions extends DeliveryOptions {
  /** Rows claimed per round trip. */
  readonly batchSize: number
  /** Rows of a batch delivered at once. */
  readonly concurrency: number
  /** Wait before polling again when nothing was due. */
  readonly pollInterval: Duration.DurationInput
  /** On interruption, how long the batch in flight may still run before it is abandoned (its rows are reclaimed after the lease). */
  readonly drain?: Duration.DurationInput
}

/** Claims and delivers one batch; returns how many rows it claimed. */
export const deliverOutboxBatch = Effect.fn("notifications.deliverOutboxBatch")(function*(
  options: Pick<OutboxWorkerOptions, "workerId" | "leaseMs" | "batchSize" | "concurrency">
) {
  const outbox = yield* OutboxRepo
  const rows = yield* outbox.claim({ workerId: options.workerId, limit: options.batchSize, leaseMs: options.leaseMs })
  const policies = rows.length === 0 ? [] : yield* (yield* RetryPolicyRepo).list
  yield* Effect.forEach(rows, (row) => deliverClaimed(row, options, policies), { concurrency: options.concurrency, discard: true })
  return rows.length
})

/**
 * The outbox worker loop: claims due rows in batches, delivers them, polls again when idle and
 * at once when a batch came back full. Interrupting it stops claiming; the batch in flight gets
 * `drain` (default 10 s) to finish, then is abandoned — its rows are reclaimed after their lease.
 */
export const runOutboxWorker = (options: OutboxWorkerOptions): Effect.Effect<never, never, DeliveryServices> =>
  Effect.gen(function*() {
    const outbox = yield* OutboxRepo
    const retryPolicies = yield* RetryPolicyRepo
    const drain = Duration.decode(options.drain ?? "10 seconds")
    yield* Effect.logInfo("outbox worker started").pipe(
      Effect.annotateLogs({ batchSize: options.batchSize, concurrency: options.concurrency, leaseMs: options.leaseMs })
    )
    while (true) {
      const rows = yield* Effect.uninterruptible(
        outbox.claim({ workerId: options.workerId, limit: options.batchSize, leaseMs: options.leaseMs })
      ).pipe(
        Effect.catchAllCause((cause) =>
          Effect.logError("outbox claim failed; backing off", Cause.pretty(cause)).pipe(Effect.as([] as ReadonlyArray<OutboxMessage>))
        )
      )
      if (rows.length === 0) {
        yield* Effect.sleep(options.pollInterval)
        continue
      }
      const policies = yield* retryPolicies.list
      const batch = yield* Effect.fork(
        Effect.forEach(rows, (row) =>
          deliverClaimed(row, options, policies).pipe(Effect.catchAllCause((cause) => Effect.logError("delivery crashed", Cause.pretty(cause)))), {
          concurrency: options.concurrency,
          discard: true
        })
      )
      yield* Fiber.join(batch).pipe(
        Effect.onInterrupt(() =>
          Fiber.await(batch).pipe(
            Effect.timeout(drain),
            Effect.catchAll(() => Effect.logWarning("outbox batch abandoned at shutdown; rows reclaimed after their lease")),
            Effect.zipRight(Fiber.interrupt(batch))
          )
        )
      )
      if (rows.length < options.batchSize) yield* Effect.sleep(Duration.millis(Math.min(50, Duration.toMillis(Duration.decode(options.pollInterval)))))
    }
  }).pipe(Effect.annotateLogs("workerId", options.workerId), Effect.onInterrupt(() => Effect.logInfo("outbox worker stopped")))
