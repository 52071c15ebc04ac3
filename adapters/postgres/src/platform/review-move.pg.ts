/**
 * The SET list of a review move on a reviewed record (organizer and club KYC): the new status and
 * review reason, the reviewer and review time only when a reviewer acts (a resubmission keeps the
 * last review's), and `submitted_at` when the record goes (back) UNDER_REVIEW.
 */
import type * as SqlClient from "@effect/sql/SqlClient"

export interface ReviewMove {
  readonly reason: string | null
  readonly reviewedBy: string | null
  readonly at: Date
}

export const reviewMoveSet = (sql: SqlClient.SqlClient, to: string, review: ReviewMove) =>
  sql`status = ${to},
          review_reason = ${review.reason},
          reviewed_by = coalesce(${review.reviewedBy}::uuid, reviewed_by),
          reviewed_at = case when ${review.reviewedBy}::uuid is null then reviewed_at else ${review.at} end,
          submitted_at = case when ${to} = 'UNDER_REVIEW' then ${review.at} else submitted_at end,
          updated_at = now()`
