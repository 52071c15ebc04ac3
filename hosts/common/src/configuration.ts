/** The configuration context as the hosts see it: flags, app version policies and installs on Postgres or on memory twins. */
import type { Configuration } from "@podium/core"
import { ConfigurationReposMemory } from "@podium/core/testing"
import { ConfigurationReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the configuration block adds to a host. */
export type ConfigurationInfrastructure =
  | Configuration.FeatureFlagRepo
  | Configuration.PlatformFlagRepo
  | Configuration.FlagPopulation
  | Configuration.AppVersionPolicyRepo
  | Configuration.AppInstallRepo
  | Configuration.AbTestRepo
  | Configuration.ExperimentRepo
  | Configuration.ExperimentEventRepo

export const configurationContext = hostContext<ConfigurationInfrastructure>({
  name: "configuration",
  live: () => ConfigurationReposPg,
  // After identity in the list: the population twin reads the accounts twin.
  memory: () => ConfigurationReposMemory
})
