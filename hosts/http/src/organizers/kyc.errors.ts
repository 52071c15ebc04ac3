/** Public meaning of the business KYC outcomes (the rest of the context maps in organizers.errors.ts). */
import { NotFound, TooManyRequests } from "@podium/contracts/common"
import type { Organizers } from "@podium/core"
import { Effect } from "effect"

type KycError = Organizers.KycNotFound | Organizers.KycResubmitRateLimited

const isKycError = (e: unknown): e is KycError =>
  typeof e === "object" && e !== null && "_tag" in e && (e._tag === "KycNotFound" || e._tag === "KycResubmitRateLimited")

/** Maps KYC errors of `effect` to public errors (404, 429). */
export const kycErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(effect, (e): e is Extract<E, KycError> => isKycError(e), (e) =>
    Effect.fail(
      (e as KycError)._tag === "KycNotFound"
        ? new NotFound({ message: (e as KycError).message })
        : new TooManyRequests({ code: "KYC_RESUBMIT_RATE_LIMITED", message: (e as KycError).message })
    ))
