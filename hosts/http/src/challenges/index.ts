/** The challenges context's HTTP handlers (challenge badge requests): the layers the host's area list provides. */
import { AdminChallengeBadgeRequestsHandlers, ChallengeBadgeRequestsHandlers } from "./badge-requests.handlers.js"

export const handlers = [
  AdminChallengeBadgeRequestsHandlers,
  ChallengeBadgeRequestsHandlers
] as const
