/**
 * Every context's block on memory twins, in one place: what an HTTP host needs besides its
 * configuration and health probes when no database is wanted (tests of the pipeline, docs and
 * health routes). A new context adds its memory block here once.
 */
import type { Platform } from "@podium/core"
import { TransactorMemory } from "@podium/core/testing"
import { Layer } from "effect"
import { type IntegrationsInfrastructure, integrationsLayer } from "./integrations.js"
import { type ChallengesInfrastructure, challengesMemory } from "./challenges.js"
import { type ClubsInfrastructure, clubsMemory } from "./clubs.js"
import { type ComplianceInfrastructure, complianceMemory } from "./compliance.js"
import type { AppConfigShape } from "./config.js"
import { type IdentityServices, identityServicesMemory } from "./identity.js"
import { type NotificationsInfrastructure, notificationsMemory } from "./notifications.js"
import { type OrganizersInfrastructure, organizersMemory } from "./organizers.js"
import { platformOperationsMemory, type PlatformOperationsPorts } from "./platform-operations.js"

export type ContextsMemory =
  | IdentityServices
  | NotificationsInfrastructure
  | OrganizersInfrastructure
  | Platform.JobQueue
  | PlatformOperationsPorts
  | ChallengesInfrastructure
  | ComplianceInfrastructure
  | ClubsInfrastructure
  | PaymentsInfrastructure
  | WalletsInfrastructure
  | Platform.Transactor
  | IntegrationsInfrastructure
import { type WalletsInfrastructure, walletsMemory } from "./wallets.js"
import { type PaymentsInfrastructure, paymentsMemory } from "./payments.js"

export const contextsMemory = (config: AppConfigShape): Layer.Layer<ContextsMemory> =>
  Layer.mergeAll(
    identityServicesMemory(config),
    notificationsMemory(config),
    organizersMemory(config),
    platformOperationsMemory(),
    challengesMemory(),
    complianceMemory(config),
    clubsMemory(),
    walletsMemory(),
    paymentsMemory(config),
    TransactorMemory,
    integrationsLayer(config)
  )
