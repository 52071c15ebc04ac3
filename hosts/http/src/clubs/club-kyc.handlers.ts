/**
 * Handlers of the club KYC groups: the club side (OWNER/ADMIN through `ClubManagers`: read, save,
 * submit, verify-bank, verify-pan) and the admin review (`clubs.review`). The KYC on the wire
 * carries its documents as fresh short-lived signed media URLs and the bank account number masked
 * (`XXXXXX1234`) to the club, in full to admins.
 */
import { type HttpApiGroup, type Multipart } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { type ClubKycView, ClubsApi } from "@podium/contracts/clubs"
import { Clubs, type Identity, Payments } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import { privateDocumentUrls, readUploads } from "../media/documents.js"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

type ClubKycPayload = {
  readonly "bankAccountDetails[accountNumber]"?: string | undefined
  readonly "bankAccountDetails[ifscCode]"?: string | undefined
  readonly "bankAccountDetails[accountHolderName]"?: string | undefined
  readonly panNumber?: string | undefined
  readonly nameOnPan?: string | undefined
} & { readonly [K in Clubs.ClubKycDocumentField]?: Multipart.PersistedFile | undefined }

/** The multipart payload as the use case's input (file bytes read from the parser's temp files). */
const kycInput = (payload: ClubKycPayload) =>
  Effect.gen(function*() {
    const files = yield* readUploads(payload, Clubs.ClubKycDocumentFields)
    const input: Clubs.ClubKycInput = {
      accountNumber: payload["bankAccountDetails[accountNumber]"],
      ifscCode: payload["bankAccountDetails[ifscCode]"],
      accountHolderName: payload["bankAccountDetails[accountHolderName]"],
      panNumber: payload.panNumber,
      panName: payload.nameOnPan,
      files
    }
    return input
  })

/** The KYC on the wire: documents as fresh private media URLs; the account number in full only for admins. */
export const clubKycView = (kyc: Clubs.ClubKyc, forAdmin: boolean): Effect.Effect<ClubKycView, never, Identity.Hmac | Identity.SecretBox> =>
  Effect.gen(function*() {
    const documents = yield* privateDocumentUrls(kyc.documents, Clubs.ClubKycDocumentFields)
    const accountNumber = kyc.bankAccount === null
      ? null
      : forAdmin
      ? yield* Clubs.openClubAccountNumber(kyc)
      : Payments.maskAccountNumber(kyc.bankAccount.last4)
    const bank = kyc.bankCheck
    const pan = kyc.panCheck
    return {
      id: kyc.id,
      clubId: kyc.clubId,
      status: kyc.status,
      bankAccountDetails: {
        accountNumber,
        ifscCode: kyc.ifscCode,
        accountHolderName: kyc.accountHolderName,
        masked: !forAdmin && kyc.bankAccount !== null
      },
      bankVerification: bank === null ? null : {
        verified: bank.verified,
        matchesSavedAccount: bank.fingerprint === kyc.bankAccountFingerprint,
        accountHolderName: bank.accountHolderName,
        utr: bank.utr,
        amountDeposited: bank.amountDeposited,
        transactionId: bank.transactionId,
        reason: bank.reason,
        message: bank.message,
        verifiedAt: bank.at
      },
      pan: {
        panNumber: kyc.panNumber,
        nameOnPan: kyc.panName,
        check: pan === null ? null : { verified: pan.verified, panNumber: pan.panNumber, nameMatch: pan.nameMatch, reason: pan.reason, checkedAt: pan.at }
      },
      documents,
      reviewReason: kyc.reviewReason,
      reviewedAt: kyc.reviewedAt,
      submittedAt: kyc.submittedAt,
      createdAt: kyc.createdAt,
      updatedAt: kyc.updatedAt
    }
  })

export const ClubKycHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubKyc">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubKyc",
  (handlers) =>
    handlers
      .handle("getClubKyc", () =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          const kyc = yield* Clubs.findClubKyc(access.clubId)
          return Option.isNone(kyc) ? null : yield* clubKycView(kyc.value, false)
        }))
      .handle("updateClubKyc", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          const saved = yield* Clubs.saveClubKyc(access.principal, access.clubId, yield* kycInput(payload), "update")
          return yield* clubKycView(saved.kyc, false)
        }))
      .handle("saveClubKyc", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          const saved = yield* Clubs.saveClubKyc(access.principal, access.clubId, yield* kycInput(payload), "createOrUpdate")
          return yield* clubKycView(saved.kyc, false)
        }))
      .handle("submitClubKyc", () =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* clubKycView(yield* Clubs.submitClubKyc(access.principal, access.clubId), false)
        }))
      .handle("verifyClubKycBank", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Clubs.verifyClubBank(access.principal, access.clubId, payload)
        }))
      .handle("verifyClubKycPan", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* ClubAccess
          return yield* Clubs.verifyClubPan(access.principal, access.clubId, payload)
        }))
)

export const AdminClubKycHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubKyc">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubKyc",
  (handlers) =>
    handlers
      .handle("clubKycQueue", ({ urlParams }) =>
        Effect.gen(function*() {
          const found = yield* Clubs.clubKycQueue({ ...pageOf(urlParams), status: urlParams.status })
          return {
            items: yield* Effect.forEach(found.items, (k) => clubKycView(k, true)),
            total: found.total,
            page: found.page,
            limit: found.limit
          }
        }))
      .handle("clubKycByClub", ({ path }) =>
        Effect.gen(function*() {
          const kyc = yield* Clubs.findClubKyc(path.clubId)
          return Option.isNone(kyc) ? null : yield* clubKycView(kyc.value, true)
        }))
      .handle("clubKycDetail", ({ path }) =>
        Effect.gen(function*() {
          return yield* clubKycView(yield* Clubs.getClubKycById(path.kycId), true)
        }))
      .handle("approveClubKyc", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* clubKycView(yield* Clubs.approveClubKyc(admin, path.kycId), true)
        }))
      .handle("rejectClubKyc", ({ path, payload }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* clubKycView(yield* Clubs.rejectClubKyc(admin, path.kycId, payload.reason), true)
        }))
      .handle("requestClubKycResubmission", ({ path, payload }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* clubKycView(yield* Clubs.requestClubKycResubmission(admin, path.kycId, payload.reason), true)
        }))
)
