/** The payments context's HTTP handlers (admin payments and bank verification): the layers the host's area list provides. */
import { AdminPaymentsHandlers } from "./admin-payments.handlers.js"
import { BankVerificationHandlers } from "./bank-verification.handlers.js"
import { AdminChargebacksHandlers } from "./chargebacks.handlers.js"

export const handlers = [
  AdminPaymentsHandlers,
  BankVerificationHandlers,
  AdminChargebacksHandlers
] as const
