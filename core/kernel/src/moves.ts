/**
 * State machines as data. A machine is a table of named moves, each legal from a set of statuses
 * and leading to one status; `transition` is the pure check use cases and memory twins run, and
 * the Postgres adapters apply the same table as one conditional update (`applyMove` in
 * @podium/postgres: `… set status = <to> where id = $id and status in (<from>)`), so two
 * concurrent moves can never both win. `states.tsv` is the source of each table.
 *
 * ```ts
 * export const PayoutMoves = defineMoves<PayoutStatus>()({ machine: "payout request", code: "PAYOUT_MOVE_REFUSED" }, {
 *   approve: { from: ["UNDER_REVIEW"], to: "APPROVED" },
 *   cancel: { from: ["REQUESTED", "UNDER_REVIEW"], to: "CANCELLED" }
 * })
 * PayoutMoves.transition("REQUESTED", "approve") // Left(MoveRefused …)
 * ```
 */
import { Either, Option, Schema } from "effect"
import { DomainError } from "./domain-error.js"

/** One move: the statuses it is legal from and the status it leads to. */
export interface Move<S extends string> {
  readonly from: ReadonlyArray<S>
  readonly to: S
}

/** The move is not legal from the record's status (409 with the machine's code). */
export class MoveRefused extends DomainError<MoveRefused>()("MoveRefused", { kind: "conflict", code: (e) => e.code }, {
  machine: Schema.String,
  code: Schema.String,
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `A ${this.machine} that is ${this.status} cannot ${this.move}`
  }
}

export interface Moves<S extends string, M extends string> {
  readonly machine: string
  readonly table: { readonly [K in M]: Move<S> }
  /** Whether `move` is legal from `status`. */
  readonly allows: (status: S, move: M) => boolean
  /** The legal moves from `status`, in table order (what a client may be offered). */
  readonly available: (status: S) => ReadonlyArray<M>
  /** The status after `move`, or the refusal. */
  readonly transition: (status: S, move: M) => Either.Either<S, MoveRefused>
  /** The status after `move` when legal. */
  readonly next: (status: S, move: M) => Option.Option<S>
  /** The refusal of `move` from `status` (for adapters whose conditional update matched nothing). */
  readonly refused: (status: string, move: M) => MoveRefused
}

/** Declares a machine over the status type `S`; the table's keys become the move names. */
export const defineMoves = <S extends string>() =>
<const T extends Readonly<Record<string, Move<S>>>>(
  meaning: { readonly machine: string; readonly code: string },
  table: T
): Moves<S, keyof T & string> => {
  type M = keyof T & string
  const names = Object.keys(table) as Array<M>
  const allows = (status: S, move: M) => table[move]!.from.includes(status)
  const refused = (status: string, move: M) => new MoveRefused({ machine: meaning.machine, code: meaning.code, move, status })
  return {
    machine: meaning.machine,
    table,
    allows,
    available: (status) => names.filter((move) => allows(status, move)),
    transition: (status, move) => (allows(status, move) ? Either.right(table[move]!.to) : Either.left(refused(status, move))),
    next: (status, move) => (allows(status, move) ? Option.some(table[move]!.to) : Option.none()),
    refused
  }
}
