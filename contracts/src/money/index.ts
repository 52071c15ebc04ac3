/** Area API "money": payments, wallets, payouts, subscriptions, coupons, sponsors. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { CreatorWalletsGroup } from "./creator-wallets.group.js"
import { AdminPaymentsGroup } from "./admin-payments.group.js"
import { BankVerificationGroup } from "./bank-verification.group.js"
import { AdminChargebacksGroup } from "./chargebacks.group.js"
import { AdminRefundsGroup, FinanceTruthGroup } from "./refunds.group.js"
import { AdminRewardPoolsGroup } from "./reward-pools.group.js"

export * from "./creator-wallets.group.js"
export * from "./admin-payments.group.js"
export * from "./bank-verification.group.js"
export * from "./chargebacks.group.js"
export * from "./refunds.group.js"
export * from "./reward-pools.group.js"

export class MoneyApi extends AreaApi
  .add(CreatorWalletsGroup)
  .add(AdminPaymentsGroup)
  .add(BankVerificationGroup)
  .add(AdminChargebacksGroup)
  .add(AdminRefundsGroup)
  .add(FinanceTruthGroup)
  .add(AdminRewardPoolsGroup) {}
