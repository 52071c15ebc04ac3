/** The content context's HTTP handlers: served in the platform area. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the handlers' service types through this namespace
import type { Content } from "@podium/core"
import {
  AdminCommunityGuidelinesHandlers,
  AppFaqsHandlers,
  CommunityGuidelinesHandlers,
  FaqsHandlers,
  KbArticlesHandlers,
  PrivacyPoliciesHandlers,
  TermsAndConditionsHandlers
} from "./content.handlers.js"

export const handlers = [AppFaqsHandlers, FaqsHandlers, PrivacyPoliciesHandlers, TermsAndConditionsHandlers, AdminCommunityGuidelinesHandlers, CommunityGuidelinesHandlers, KbArticlesHandlers] as const
