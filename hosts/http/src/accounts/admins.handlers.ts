/** Handlers of the Admins group: admin sign-in code, first-admin bootstrap, the calling admin. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, Forbidden, Unauthorized } from "@podium/contracts/common"
import { IdentityApi } from "@podium/contracts/identity"
import { Accounts, Identity } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, Option, Redacted, Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { createHash, timingSafeEqual } from "node:crypto"
import { clientInfo } from "../identity/client.js"
import { withRetryAfter } from "../identity/retry-after.answers.js"
import { apiGroup } from "../serving/served-groups.js"

const SentMessage = "OTP sent successfully"
const digest = (s: string) => createHash("sha256").update(s).digest()

export const AdminsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "admins">, never, IdentityHandlerServices> = apiGroup(IdentityApi, "admins", (handlers) =>
  handlers
    .handle("adminSendOtp", ({ payload }) =>
      Effect.gen(function*() {
        const { ip } = yield* clientInfo
        yield* Identity.sendPhoneOtp({ phoneNumber: payload.phoneNumber, audience: "admin", ip })
        return { statusCode: 201, message: SentMessage, data: { flash: true, message: SentMessage } }
      }).pipe(withRetryAfter))
    .handle("bootstrapAdmin", ({ headers, payload }) =>
      Effect.gen(function*() {
        const config = yield* AppConfig
        if (Option.isNone(config.adminBootstrapToken)) {
          return yield* new Forbidden({ code: "ADMIN_BOOTSTRAP_DISABLED", message: "Admin bootstrap is disabled" })
        }
        const given = headers["x-bootstrap-token"] ?? ""
        if (given === "" || !timingSafeEqual(digest(given), digest(Redacted.value(config.adminBootstrapToken.value)))) {
          return yield* new Forbidden({ message: "Access Denied" })
        }
        return yield* Accounts.bootstrapAdmin(payload)
      }))
    .handle("adminMe", () =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        const admin = yield* Effect.flatMap(Accounts.AdminRepo, (repo) => repo.findById(principal.accountId))
        if (Option.isNone(admin)) return yield* new Unauthorized({ message: "Unauthorized" })
        return admin.value
      }))
)
