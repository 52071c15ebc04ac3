/** Handlers of Events / Transfers: the athlete's transfers of their seats. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import type { Transfer } from "@podium/kernel"
import { Effect, type Layer } from "effect"
import { bookingView, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const me = Effect.map(CurrentPrincipal, (p) => p.accountId)
const accepted = ({ transfer, booking }: { readonly transfer: Transfer; readonly booking: Registrations.Booking }) => ({ transfer, booking: bookingView(booking) })

export const TransfersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "transfers">, never, RegistrationHandlerServices | Authenticated> = apiGroup(RegistrationsApi, "transfers", (handlers) =>
  handlers
    .handle("initiateTransfer", ({ payload }) => Effect.flatMap(me, (id) => Registrations.initiateTransfer(id, payload)))
    .handle("cancelTransfer", ({ path }) => Effect.flatMap(me, (id) => Registrations.cancelTransfer(id, path.transferId)))
    .handle("acceptTransfer", ({ path }) => Effect.map(Effect.flatMap(me, (id) => Registrations.acceptTransfer(id, path.transferId)), accepted))
    .handle("rejectTransfer", ({ path }) => Effect.flatMap(me, (id) => Registrations.rejectTransfer(id, path.transferId)))
    .handle("transferByToken", ({ path }) => Registrations.transferByToken(path.token))
    .handle("acceptTransferByToken", ({ path }) => Effect.map(Effect.flatMap(me, (id) => Registrations.acceptTransferByToken(id, path.token)), accepted))
    .handle("myTransfers", () => Effect.flatMap(me, Registrations.myTransfers)))
