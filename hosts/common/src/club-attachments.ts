/**
 * Club event attachments and club reports as the hosts see them: their repositories on Postgres or
 * their memory twins (listed after events and clubs, whose tables they reference).
 */
import { Clubs } from "@podium/core"
import { ClubAttachmentReposMemory } from "@podium/core/testing"
import { ClubAttachmentReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export type ClubAttachmentsInfrastructure = Clubs.ClubEventAttachmentRepo | Clubs.ClubReportRepo

export const clubAttachmentsContext = hostContext<ClubAttachmentsInfrastructure>({
  name: "club-attachments",
  live: () => ClubAttachmentReposPg,
  memory: () => ClubAttachmentReposMemory
})
