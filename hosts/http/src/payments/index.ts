/** The payments context's HTTP handlers (admin payments and bank verification): the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Challenges, Events, Registrations, Wallets } from "@podium/core"
import { AdminPaymentsHandlers } from "./admin-payments.handlers.js"
import { BankVerificationHandlers } from "./bank-verification.handlers.js"
import { AdminChargebacksHandlers } from "./chargebacks.handlers.js"
import { AdminRefundsHandlers, AdminRewardPoolsHandlers, FinanceTruthHandlers } from "./refunds.handlers.js"

export const handlers = [
  AdminPaymentsHandlers,
  BankVerificationHandlers,
  AdminChargebacksHandlers,
  AdminRefundsHandlers,
  FinanceTruthHandlers,
  AdminRewardPoolsHandlers
] as const
