/**
 * Handlers of C "Bank verification" (Authenticated: any signed-in principal). The penny drop is
 * rate-limited per caller in the use case; both outcomes answer 200.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Payments } from "@podium/core"
import type { IdentityServices, PaymentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export const BankVerificationHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "bankVerification">,
  never,
  IdentityServices | PaymentsInfrastructure | Authenticated
> = apiGroup(MoneyApi, "bankVerification", (handlers) =>
  handlers
    .handle("lookupIfsc", ({ path }) => Payments.lookupIfsc(path.ifsc))
    .handle("verifyBankAccount", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Payments.verifyBankAccount(me, payload)
      })))
