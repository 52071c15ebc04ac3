/**
 * The organizers context's infrastructure: its Postgres repositories, the shared audit
 * writer (AuditLogPg) and the blob store chosen by BLOB_STORE (local disk under DATA_DIR, or S3).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Media, Organizers, Platform } from "@podium/core"
import { StaffTaskRepoMemory } from "@podium/core/testing"
import { StaffTaskRepoPg } from "@podium/postgres"
import { AuditLogMemory, BlobStoreMemory, KycRepoMemory, CrewJoinCodeRepoMemory, DeclarationsReposMemory, GstReposMemory, OrganizersReposMemory } from "@podium/core/testing"
import { AuditLogPg, KycRepoPg, DeclarationDetailsRepoPg, DeclarationTemplateRepoPg, CrewJoinCodeRepoPg, GstDeclarationRepoPg, GstTemplateRepoPg, OrganizersReposPg } from "@podium/postgres"
import { BlobStoreLocal, BlobStoreS3, PdfRendererPdfLib } from "@podium/providers"
import { Effect, Layer } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { hostContext } from "./host-context.js"
// Shipping pickup addresses: the repository and the provider chosen by SHIPPING_PROVIDER.
import { PickupAddressRepoMemory } from "@podium/core/testing"
import { PickupAddressRepoPg } from "@podium/postgres"
import { describeShipping, RecordedShipping, shippingProviderLayer } from "./shipping.js"

/** What the organizers block adds to a host. */
export type OrganizersInfrastructure =
  | Organizers.OrganizerRepo
  | Organizers.TeamRepo
  | Media.BlobStore
  | Platform.AuditLog
  | DeclarationsInfrastructure
  | Organizers.KycRepo
  | Organizers.StaffTaskRepo
  | Organizers.PickupAddressRepo
  | Organizers.ShippingProvider
  | RecordedShipping

/** Declarations and crew join codes. */
export type DeclarationsInfrastructure =
  | Organizers.DeclarationTemplateRepo
  | Organizers.DeclarationDetailsRepo
  | Organizers.PdfRenderer
  | Organizers.GstTemplateRepo
  | Organizers.GstDeclarationRepo
  | Organizers.CrewJoinCodeRepo

/** The blob store of the configuration. */
export const blobStoreLayer = (config: AppConfigShape): Layer.Layer<Media.BlobStore> => {
  const settings = config.blobStore ?? { kind: "local" as const }
  return settings.kind === "s3" ? BlobStoreS3(settings) : BlobStoreLocal(config.dataDir)
}

/** The start-up summary line of the blob store. */
export const describeBlobStore = (config: AppConfigShape): string => {
  const settings = config.blobStore ?? { kind: "local" as const }
  return settings.kind === "s3" ? `s3 ${settings.endpoint} bucket ${settings.bucket}` : `local disk ${config.dataDir}/blobs`
}

export const OrganizersLive: Layer.Layer<OrganizersInfrastructure, never, SqlClient.SqlClient | AppConfig> = Layer.mergeAll(
  OrganizersReposPg,
  KycRepoPg,
  StaffTaskRepoPg,
  AuditLogPg,
  Layer.unwrapEffect(Effect.map(AppConfig, blobStoreLayer)),
  DeclarationTemplateRepoPg,
  DeclarationDetailsRepoPg,
  PdfRendererPdfLib,
  GstTemplateRepoPg,
  GstDeclarationRepoPg,
  CrewJoinCodeRepoPg,
  PickupAddressRepoPg,
  Layer.unwrapEffect(Effect.map(AppConfig, shippingProviderLayer))
)

/** Organizers, teams, KYC, declarations and the media blob store. */
export const organizersContext = hostContext<OrganizersInfrastructure>({
  name: "organizers",
  live: () => OrganizersLive,
  memory: (config) => organizersMemory(config),
  describe: (config) => [["blob store", describeBlobStore(config)], ["shipping", describeShipping(config)]]
})

/** The organizers block without a database (memory repositories, audit log and blob store): for HTTP tests of other routes. */
export const organizersMemory = (_config: AppConfigShape): Layer.Layer<OrganizersInfrastructure> =>
  Layer.mergeAll(OrganizersReposMemory, StaffTaskRepoMemory, KycRepoMemory, AuditLogMemory, BlobStoreMemory, DeclarationsReposMemory, PdfRendererPdfLib, GstReposMemory, CrewJoinCodeRepoMemory, PickupAddressRepoMemory, shippingProviderLayer(_config))
