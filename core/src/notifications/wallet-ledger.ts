/**
 * How a notification-wallet movement is posted on the platform ledger (shared by the Postgres
 * adapter and the memory twin of `NotificationWalletRepo`, so both keep the same rules): one
 * transfer of two legs (the organizer's wallet and the counter-account), the caller's idempotency
 * key namespaced per organizer, the ledger's errors read back as the wallet's own.
 *
 * Decision: a replayed key answers the original entry when the legs are the same; the same key with
 * a different amount OR a different counter-account is a conflict (the ledger compares every leg).
 */
import { DateTime, Effect } from "effect"
import type { LedgerEntry, PostedTransfer } from "../wallets/ledger.model.js"
import type { Ledger } from "../wallets/ledger.port.js"
import {
  counterAccountName,
  counterAccountRef,
  InsufficientWalletBalance,
  notificationLedgerKey,
  organizerNotificationAccount,
  type WalletEntry,
  WalletIdempotencyConflict,
  type WalletMovement
} from "./wallet.model.js"

/** The caller's idempotency key kept on the transfer's metadata (null when the movement had none). */
const keyOf = (entry: LedgerEntry): string | null => {
  const key = entry.metadata.idempotencyKey
  return typeof key === "string" ? key : null
}

/** The organizer's leg of a posted transfer as a wallet entry (the other leg names the counter-account). */
export const walletEntryOfTransfer = (transfer: PostedTransfer, organizerId: string): WalletEntry => {
  const own = organizerNotificationAccount(organizerId)
  const mine = transfer.entries.find((e) =>
    e.account.ownerType === own.ownerType && e.account.ownerId === own.ownerId && e.account.purpose === own.purpose &&
    e.account.currency === own.currency
  )!
  const counter = transfer.entries.find((e) => e !== mine)
  return {
    id: mine.id,
    transactionId: transfer.id,
    organizerId,
    amount: mine.amount,
    reason: transfer.reason,
    counterAccount: counter === undefined ? "" : counterAccountName(counter.account),
    idempotencyKey: keyOf(mine),
    createdAt: DateTime.unsafeFromDate(mine.createdAt)
  }
}

/**
 * Posts one movement on `ledger`. `unique` makes the ledger key of a movement without an
 * idempotency key (any value never used before). A zero or non-integer amount is a defect (the use
 * cases never post one).
 */
export const postWalletMovement = (ledger: Ledger["Type"], m: WalletMovement, unique: string) =>
  ledger.post({
    idempotencyKey: notificationLedgerKey(m.organizerId, m.idempotencyKey, unique),
    reason: m.reason,
    legs: [
      { account: organizerNotificationAccount(m.organizerId), amount: m.amount },
      { account: counterAccountRef(m.counterAccount), amount: -m.amount }
    ],
    metadata: { organizerId: m.organizerId, counterAccount: m.counterAccount, idempotencyKey: m.idempotencyKey }
  }).pipe(
    Effect.map((transfer) => ({ entry: walletEntryOfTransfer(transfer, m.organizerId), replayed: transfer.replayed })),
    Effect.catchTags({
      InsufficientFunds: (e) =>
        Effect.fail(new InsufficientWalletBalance({ organizerId: m.organizerId, balance: e.balance, required: e.required })),
      LedgerIdempotencyConflict: () => Effect.fail(new WalletIdempotencyConflict({ idempotencyKey: m.idempotencyKey ?? "" })),
      UnbalancedTransfer: (e) => Effect.die(e)
    })
  )
