/** The single place where compliance outcomes get their public meaning. */
import { BadRequest, Conflict, NotFound, ServiceUnavailable } from "@podium/contracts/common"
import type { Compliance } from "@podium/core"
import { Effect, Match } from "effect"

export type ComplianceError =
  | Compliance.UserNotFound
  | Compliance.ErasureRequestNotFound
  | Compliance.ErasureAlreadyRequested
  | Compliance.ErasureNotPending
  | Compliance.AccountMergeNotFound
  | Compliance.AccountMergeConflict
  | Compliance.AccountMergeInvalid
  | Compliance.AccountMergeNotProposed
  | Compliance.AccountMergeExecuteDisabled

export const toPublicError = (error: ComplianceError) =>
  Match.value(error).pipe(
    Match.tagsExhaustive({
      UserNotFound: (e) => new NotFound({ message: e.message }),
      ErasureRequestNotFound: (e) => new NotFound({ message: e.message }),
      ErasureAlreadyRequested: (e) => new Conflict({ code: "ERASURE_ALREADY_REQUESTED", message: e.message }),
      ErasureNotPending: (e) => new Conflict({ code: "ERASURE_NOT_PENDING", message: e.message }),
      AccountMergeNotFound: (e) => new NotFound({ message: e.message }),
      AccountMergeConflict: (e) => new Conflict({ code: "ACCOUNT_MERGE_OPEN_PROPOSAL", message: e.message }),
      AccountMergeInvalid: (e) => new BadRequest({ message: e.message }),
      AccountMergeNotProposed: (e) => new Conflict({ code: "ACCOUNT_MERGE_NOT_PROPOSED", message: e.message }),
      AccountMergeExecuteDisabled: (e) => new ServiceUnavailable({ code: "ACCOUNT_MERGE_EXECUTE_DISABLED", message: e.message })
    })
  )

/** Maps the compliance domain errors of `effect` to public errors. */
export const mapComplianceErrors = <A, E, R>(effect: Effect.Effect<A, E | ComplianceError, R>) =>
  Effect.catchIf(effect, (e): e is ComplianceError => isComplianceError(e), (e) => Effect.fail(toPublicError(e))) as Effect.Effect<A, Exclude<E, ComplianceError> | NotFound | Conflict | BadRequest | ServiceUnavailable, R>

const Tags = new Set([
  "UserNotFound",
  "ErasureRequestNotFound",
  "ErasureAlreadyRequested",
  "ErasureNotPending",
  "AccountMergeNotFound",
  "AccountMergeConflict",
  "AccountMergeInvalid",
  "AccountMergeNotProposed",
  "AccountMergeExecuteDisabled"
])
const isComplianceError = (e: unknown): e is ComplianceError =>
  typeof e === "object" && e !== null && "_tag" in e && Tags.has(String((e as { _tag: unknown })._tag))
