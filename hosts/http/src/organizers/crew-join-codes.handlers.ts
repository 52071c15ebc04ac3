/** Handlers of the crew join-code groups: the organizer's codes, and the public preview and redeem (rate limited per client address). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, TooManyRequests } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers, Platform } from "@podium/core"
import { Clock, Effect, type Layer } from "effect"
import { clientInfo } from "../identity/client.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const crewJoinCodeView = (c: Organizers.CrewJoinCode, now: Date) => ({
  id: c.id,
  organizerId: c.organizerId,
  code: c.code,
  label: c.label,
  expiresAt: c.expiresAt,
  maxUses: c.maxUses,
  uses: c.uses,
  remainingUses: c.maxUses === null ? null : Math.max(0, c.maxUses - c.uses),
  status: Organizers.crewJoinCodeStatus(c, now),
  revokedAt: c.revokedAt,
  createdBy: c.createdBy,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt
})

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

/** Codes are guessable only by brute force: each client address gets a modest budget. */
const budget = (what: string) =>
  Effect.gen(function*() {
    const { ip } = yield* clientInfo
    const decision = yield* Effect.flatMap(Platform.RateLimiter, (l) => l.hit(`crew-join:${what}:${ip ?? "unknown"}`, { limit: 60, window: "1 minute" }))
    if (!decision.allowed) return yield* new TooManyRequests({ message: "Too many join-code attempts; try again later" })
  })

type GroupLayer<G extends string> = Layer.Layer<HttpApiGroup.ApiGroup<"podium", G>, never, OrganizersHandlerServices>

export const CrewJoinCodesHandlers: GroupLayer<"crewJoinCodes"> = apiGroup(EventsApi, "crewJoinCodes", (handlers) =>
  handlers
    .handle("listCrewJoinCodes", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const at = yield* now
        return (yield* Organizers.listCrewJoinCodes(access.organizerId)).map((c) => crewJoinCodeView(c, at))
      }))
    .handle("createCrewJoinCode", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const created = yield* Organizers.createCrewJoinCode(access.principal, access.organizerId, {
          label: payload.label ?? null,
          expiresAt: payload.expiresAt ?? null,
          maxUses: payload.maxUses ?? null
        })
        return crewJoinCodeView(created, yield* now)
      }))
    .handle("updateCrewJoinCode", ({ path, payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const updated = yield* Organizers.updateCrewJoinCode(access.principal, access.organizerId, path.id, {
          ...(payload.label === undefined ? {} : { label: payload.label }),
          ...(payload.expiresAt === undefined ? {} : { expiresAt: payload.expiresAt }),
          ...(payload.maxUses === undefined ? {} : { maxUses: payload.maxUses })
        })
        return crewJoinCodeView(updated, yield* now)
      }))
    .handle("revokeCrewJoinCode", ({ path }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return crewJoinCodeView(yield* Organizers.revokeCrewJoinCode(access.principal, access.organizerId, path.id), yield* now)
      }))
)

export const CrewJoinHandlers: GroupLayer<"crewJoin"> = apiGroup(EventsApi, "crewJoin", (handlers) =>
  handlers
    .handle("previewCrewJoinCode", ({ payload }) =>
      Effect.gen(function*() {
        yield* budget("preview")
        const { code, organizerName, organizerSlug } = yield* Organizers.previewCrewJoinCode(payload.code)
        return {
          code: code.code,
          organizerId: code.organizerId,
          organizerName,
          organizerSlug,
          label: code.label,
          expiresAt: code.expiresAt,
          remainingUses: code.maxUses === null ? null : Math.max(0, code.maxUses - code.uses)
        }
      }))
    .handle("redeemCrewJoinCode", ({ payload }) =>
      Effect.gen(function*() {
        if (payload.phoneNumber === undefined && payload.email === undefined) {
          return yield* new Organizers.OrganizerInputInvalid({ messages: ["phoneNumber or email must be given"] })
        }
        yield* budget("redeem")
        const result = yield* Organizers.redeemCrewJoinCode(payload.code, {
          phoneNumber: payload.phoneNumber ?? null,
          email: payload.email ?? null,
          name: payload.name ?? null
        })
        return {
          crewMemberId: result.member.id,
          organizerId: result.code.organizerId,
          organizerName: result.organizerName,
          phoneNumber: result.member.phoneNumber,
          email: result.member.email,
          name: result.member.name,
          created: result.created
        }
      }))
)
