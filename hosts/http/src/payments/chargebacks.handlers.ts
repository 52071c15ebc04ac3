/**
 * Handlers of Admin: Money / Chargebacks and Chargeback defend (the contract declares the admin
 * permission `payments.disputes`). Cases are answered as recorded.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Payments } from "@podium/core"
import type { ChargebacksInfrastructure, IdentityServices, OrganizersInfrastructure, PaymentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type ChargebackHandlerServices = IdentityServices | OrganizersInfrastructure | PaymentsInfrastructure | ChargebacksInfrastructure | Authenticated

const listWith = (urlParams: Omit<Parameters<typeof Payments.listChargebacks>[0], "page" | "limit"> & { readonly page?: number | undefined; readonly limit?: number | undefined }) =>
  Effect.gen(function*() {
    const { limit, page } = pageOf(urlParams)
    const result = yield* Payments.listChargebacks({ ...urlParams, page, limit })
    return { items: result.items, total: result.total, page, limit }
  })

const asAdmin = <A, E, R>(f: (admin: typeof CurrentPrincipal.Service) => Effect.Effect<A, E, R>) => Effect.flatMap(CurrentPrincipal, f)

export const AdminChargebacksHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminChargebacks">, never, ChargebackHandlerServices> =
  apiGroup(MoneyApi, "adminChargebacks", (handlers) =>
    handlers
      .handle("adminListChargebacks", ({ urlParams }) => listWith(urlParams))
      .handle("adminResolveChargeback", ({ path, payload }) => asAdmin((admin) => Payments.resolveChargeback(admin, path.id, payload)))
      .handle("adminListChargebackDefenses", ({ urlParams }) => listWith(urlParams))
      .handle("adminGetChargebackDefense", ({ path }) => Payments.getChargeback(path.chargebackId))
      .handle("adminCancelChargebackDefense", ({ path }) => asAdmin((admin) => Payments.cancelChargeback(admin, path.chargebackId)))
      .handle("adminSaveChargebackDefenseDraft", ({ path, payload }) => asAdmin((admin) => Payments.saveDefenseDraft(admin, path.chargebackId, payload.draft)))
      .handle("adminAddChargebackEvidence", ({ path, payload }) => asAdmin((admin) => Payments.addChargebackEvidence(admin, path.chargebackId, payload)))
      .handle("adminMarkChargebackExpired", ({ path }) => asAdmin((admin) => Payments.markChargebackExpired(admin, path.chargebackId)))
      .handle("adminMarkChargebackLost", ({ path, payload }) => asAdmin((admin) => Payments.markChargebackLost(admin, path.chargebackId, payload.reason)))
      .handle("adminMarkChargebackWon", ({ path, payload }) => asAdmin((admin) => Payments.markChargebackWon(admin, path.chargebackId, payload.reason)))
      .handle("adminSubmitChargebackDefense", ({ path }) => asAdmin((admin) => Payments.submitDefense(admin, path.chargebackId))))
