/** Area API "money": payments, wallets, payouts, subscriptions, coupons, sponsors. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class MoneyApi extends HttpApi.make(ApiId) {}
