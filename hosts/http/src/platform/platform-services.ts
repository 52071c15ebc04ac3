/** What the platform-operations handler layers require: the infrastructure's services and the auth guard. */
import type { Authenticated } from "@podium/contracts/common"
import type { AppConfig, HealthProbes, IdentityServices, PlatformOperations } from "@podium/host-common"

export type PlatformHandlerServices = PlatformOperations | IdentityServices | AppConfig | HealthProbes | Authenticated
