/** The badge request state machine as data: every (status, event) pair is legal exactly when listed. */
import { Challenges } from "@podium/core"
import { Either } from "effect"
import { describe, expect, it } from "vitest"

describe("challenge badge request state machine", () => {
  const expected: Record<string, string | "illegal"> = {
    "pending_admin_approval/complete": "completed",
    "pending_admin_approval/reject": "rejected",
    "completed/complete": "illegal",
    "completed/reject": "illegal",
    "rejected/complete": "illegal",
    "rejected/reject": "illegal"
  }
  for (const status of Challenges.BadgeRequestStatuses) {
    for (const event of Challenges.BadgeRequestEvents) {
      const want = expected[`${status}/${event}`]!
      it(`${status} --${event}--> ${want}`, () => {
        const result = Challenges.transitionBadgeRequest(status, event)
        if (want === "illegal") {
          expect(Either.isLeft(result)).toBe(true)
          if (Either.isLeft(result)) {
            expect(result.left._tag).toBe("BadgeRequestStateConflict")
            expect(result.left.message).toContain(status)
          }
        } else {
          expect(result).toEqual(Either.right(want))
        }
      })
    }
  }

  it("lists exactly the moves of states.tsv", () => {
    expect(Challenges.BadgeRequestMoves).toEqual([
      { from: "pending_admin_approval", event: "complete", to: "completed" },
      { from: "pending_admin_approval", event: "reject", to: "rejected" }
    ])
  })
})
