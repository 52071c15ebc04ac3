/** The memory twin of the challenge repositories keeps the Postgres adapter's rules: moves, cap, slug, rejoin, revoke. */
import { Challenges } from "@podium/core"
import { ChallengesReposMemory } from "@podium/core/testing"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"

const run = <A, E>(effect: Effect.Effect<A, E, Challenges.ChallengeRepo | Challenges.ParticipationRepo>) =>
  Effect.runPromise(Effect.either(effect).pipe(Effect.provide(ChallengesReposMemory)))

const draft = (cap: number | null) =>
  Effect.flatMap(Challenges.ChallengeRepo, (r) =>
    r.create({
      slug: "memory-monsoon",
      creatorType: "admin",
      creatorId: "a",
      title: "Memory monsoon",
      description: "",
      activityType: "RUN",
      goalType: "DISTANCE",
      goalValue: 1000,
      startsAt: new Date(Date.now() - 1000),
      endsAt: new Date(Date.now() + 86_400_000),
      timeZone: "UTC",
      maxParticipants: cap,
      entryFee: 0,
      currency: "INR",
      charityId: null,
      tags: [],
      coverImageUrl: null,
      isFeatured: false,
      createdBy: "a"
    }))

describe("challenge repositories' memory twin", () => {
  it("refuses illegal moves, a taken slug and joins past the cap; leave and revoke recount", async () => {
    const result = await run(Effect.gen(function*() {
      const challenges = yield* Challenges.ChallengeRepo
      const participations = yield* Challenges.ParticipationRepo
      const created = yield* draft(2)
      const taken = yield* Effect.either(draft(null))
      const refused = yield* Effect.either(challenges.move(created.id, "close", {}))
      yield* challenges.move(created.id, "approve", {})
      const now = new Date()
      const a = yield* participations.join(created.id, "u1", now, now)
      yield* participations.join(created.id, "u2", now, now)
      const full = yield* Effect.either(participations.join(created.id, "u3", now, now))
      yield* participations.leave(created.id, "u2")
      yield* participations.join(created.id, "u3", now, now)
      yield* participations.revoke(a.id, "spoofing")
      const rejoin = yield* Effect.either(participations.join(created.id, "u1", now, now))
      const after = yield* challenges.findById(created.id)
      return { taken, refused, full, rejoin, count: after._tag === "Some" ? after.value.participantCount : -1 }
    }))
    expect(Either.isRight(result)).toBe(true)
    const r = Either.getOrThrow(result)
    expect(Either.isLeft(r.taken) && r.taken.left._tag).toBe("ChallengeSlugTaken")
    expect(Either.isLeft(r.refused) && r.refused.left._tag).toBe("MoveRefused")
    expect(Either.isLeft(r.full) && r.full.left._tag).toBe("ChallengeFull")
    expect(Either.isLeft(r.rejoin) && r.rejoin.left._tag).toBe("ParticipationRevoked")
    expect(r.count).toBe(1)
  })
})
