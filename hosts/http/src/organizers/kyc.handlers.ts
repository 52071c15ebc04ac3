/** Handlers of the Organizer KYC group: organizer submission/edit/read, admin queue and review, public resubmit. */
import { type HttpApiGroup, type Multipart } from "@effect/platform"
import { CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { type BusinessKycView, EventsApi } from "@podium/contracts/events"
import { type Identity, Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import { clientInfo } from "../identity/client.js"
import { privateDocumentUrls, readUploads } from "../media/documents.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

type KycPayload = {
  readonly "bankAccountDetails[accountNumber]"?: string
  readonly "bankAccountDetails[ifscCode]"?: string
  readonly websiteOrAppUrl?: string
  readonly businessDescription?: string
} & { readonly [K in Organizers.KycDocumentField]?: Multipart.PersistedFile }

/** The multipart payload as the use case's input (file bytes read from the parser's temp files). */
const kycInput = (payload: KycPayload) =>
  Effect.gen(function*() {
    const files = yield* readUploads(payload, Organizers.KycDocumentFields)
    const input: Organizers.KycInput = {
      accountNumber: payload["bankAccountDetails[accountNumber]"],
      ifscCode: payload["bankAccountDetails[ifscCode]"],
      websiteOrAppUrl: payload.websiteOrAppUrl,
      businessDescription: payload.businessDescription,
      files
    }
    return input
  })

/** The KYC on the wire: documents as fresh private media URLs; the account number in full only for admins. */
export const kycView = (kyc: Organizers.BusinessKyc, forAdmin: boolean): Effect.Effect<BusinessKycView, never, Identity.Hmac | Identity.SecretBox> =>
  Effect.gen(function*() {
    const documents = yield* privateDocumentUrls(kyc.documents, Organizers.KycDocumentFields)
    const accountNumber = kyc.bankAccount === null
      ? null
      : forAdmin
      ? yield* Organizers.openAccountNumber(kyc)
      : Organizers.maskAccountNumber(kyc.bankAccount.last4)
    return {
      id: kyc.id,
      organizerId: kyc.organizerId,
      status: kyc.status,
      bankAccountDetails: { accountNumber, ifscCode: kyc.ifscCode, masked: !forAdmin && kyc.bankAccount !== null },
      websiteOrAppUrl: kyc.websiteOrAppUrl,
      businessDescription: kyc.businessDescription,
      documents,
      reviewReason: kyc.reviewReason,
      reviewedAt: kyc.reviewedAt,
      submittedAt: kyc.submittedAt,
      createdAt: kyc.createdAt,
      updatedAt: kyc.updatedAt
    }
  })

// Moves and the queue answer the stored submission: their contract shapes pick the fields they show.
export const OrganizerKycHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerKyc">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerKyc", (handlers) =>
    handlers
      .handle("submitBusinessKyc", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          const kyc = yield* Organizers.submitKyc(access.principal, access.organizerId, yield* kycInput(payload))
          return yield* kycView(kyc, false)
        }))
      .handle("updateBusinessKyc", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          const kyc = yield* Organizers.updateKyc(access.principal, access.organizerId, yield* kycInput(payload))
          return yield* kycView(kyc, false)
        }))
      .handle("getBusinessKyc", () =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* kycView(yield* Organizers.getKyc(access.organizerId), access.role === "PLATFORM_ADMIN")
        }))
      .handle("resubmitKyc", ({ path }) =>
        Effect.gen(function*() {
          const { ip } = yield* clientInfo
          return yield* Organizers.resubmitKyc(path.id, ip)
        }))
      .handle("listOrganizerKyc", ({ urlParams }) =>
        Effect.gen(function*() {
          const page = urlParams.page ?? 1
          const limit = urlParams.limit ?? 20
          const { rows, total } = yield* Organizers.kycQueue({ status: urlParams.state ?? "UNDER_REVIEW", page, limit })
          return {
            data: rows,
            count: rows.length,
            total,
            page,
            pageCount: total === 0 ? 0 : Math.ceil(total / limit)
          }
        }))
      .handle("approveOrganizerKyc", ({ path }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Organizers.approveKyc(me, path.kycId)
        }))
      .handle("rejectOrganizerKyc", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* Organizers.rejectKyc(me, path.kycId, payload.reason)
        }))
  )
