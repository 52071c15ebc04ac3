/** Handlers of the club chat/feed group and the admin club chat moderation group (`clubs.review`). */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs, type Platform } from "@podium/core"
import type { IntegrationsInfrastructure } from "@podium/host-common"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

const messageView = (m: Platform.ChatMessage) => ({ id: m.id, channelId: m.channel.id, userId: m.userId, text: m.text, createdAt: m.createdAt })

const messagesView = (r: { readonly channel: Clubs.ClubChannel; readonly messages: ReadonlyArray<Platform.ChatMessage>; readonly nextBefore: string | null }) => ({
  channelId: r.channel.id,
  channelName: r.channel.name,
  items: r.messages.map(messageView),
  nextBefore: r.nextBefore
})


type Services = ClubsHandlerServices | IntegrationsInfrastructure

export const ClubChatHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubChat">, never, Services> = apiGroup(
  ClubsApi,
  "clubChat",
  (handlers) =>
    handlers
      .handle("clubMessages", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) =>
          Clubs.clubMessages(access.clubId, { channelId: urlParams.channelId, limit: urlParams.limit ?? 50, before: urlParams.before })).pipe(
            Effect.map(messagesView)
          ))
      .handle("clubPosts", ({ path, urlParams }) =>
        Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (principal) => Clubs.clubPosts(Option.getOrUndefined(principal), path.id, pageOf(urlParams))))
)

export const AdminClubChatHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubChat">, never, Services> = apiGroup(
  ClubsApi,
  "adminClubChat",
  (handlers) =>
    handlers
      .handle("adminClubMessages", ({ path, urlParams }) =>
        CurrentPrincipal.pipe(
          Effect.flatMap((admin) => Clubs.getClub(admin, path.clubId)),
          Effect.flatMap((club) => Clubs.clubMessages(club.id, { channelId: urlParams.channelId, limit: urlParams.limit ?? 50, before: urlParams.before })),
          Effect.map(messagesView)
        ))
      .handle("adminDeleteClubMessage", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.deleteClubMessage(admin, path.clubId, path.msgId)).pipe(Effect.map(messageView)))
      .handle("adminClubChatActivity", ({ urlParams }) =>
        Clubs.clubChatActivity(urlParams.limit ?? 20).pipe(Effect.map((rows) => rows.map((r) => ({ ...r, lastMessage: r.lastMessage === null ? null : messageView(r.lastMessage) })))))
)
