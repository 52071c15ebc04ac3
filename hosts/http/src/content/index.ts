/** The content context's HTTP handlers: served in the platform area. */
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
