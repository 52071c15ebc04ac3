/** What the organizers and media handler layers need: identity and organizers services, configuration and the guards. */
import type { Authenticated, OptionalAuthenticated, OrganizerManagers, OrganizerManagersOrAdmin, OrganizerOwnerOrAdmin, OrganizerReaders, OrganizerReadersOrAdmin } from "@podium/contracts/common"
import type { AppConfig, IdentityServices, OrganizersInfrastructure } from "@podium/host-common"

export type OrganizersHandlerServices =
  | IdentityServices
  | OrganizersInfrastructure
  | AppConfig
  | Authenticated
  | OptionalAuthenticated
  | OrganizerManagers
  | OrganizerReaders
  | OrganizerManagersOrAdmin
  | OrganizerReadersOrAdmin
  | OrganizerOwnerOrAdmin
