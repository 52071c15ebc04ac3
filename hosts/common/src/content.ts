/** The content context as the hosts see it: app FAQs, FAQs, legal documents, guidelines and KB articles on Postgres or on memory twins. */
import type { Content } from "@podium/core"
import { ContentReposMemory } from "@podium/core/testing"
import { ContentReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the content block adds to a host. */
export type ContentInfrastructure =
  | Content.AppFaqRepo
  | Content.FaqRepo
  | Content.PrivacyPolicyRepo
  | Content.TermsRepo
  | Content.CommunityGuidelineRepo
  | Content.KbArticleRepo
  | Content.ContentStore

export const contentContext = hostContext<ContentInfrastructure>({
  name: "content",
  live: () => ContentReposPg,
  memory: () => ContentReposMemory
})
