/** Handlers of the event cover uploads: the multipart file read, then one use case. */
import { readFile } from "node:fs/promises"
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events, type Identity, type Media } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

const uploadOf = (file: { readonly path: string; readonly name: string }) =>
  Effect.map(Effect.promise(() => readFile(file.path)), (bytes): Media.Upload => ({ fileName: file.name, bytes: new Uint8Array(bytes) }))

const setCover = (id: string, which: "desktopCover" | "mobileCover", image: { readonly path: string; readonly name: string }) =>
  Effect.gen(function*() {
    const grant = yield* OrganizerAccess
    return yield* Events.setEventCover(grant, id, which, yield* uploadOf(image))
  })

export const EventCoversHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "eventCovers">,
  never,
  EventHandlerServices | Media.BlobStore | Identity.Hmac | Identity.SecureRandom
> = apiGroup(EventsApi, "eventCovers", (handlers) =>
  handlers
    .handle("setEventDesktopCover", ({ path, payload }) => setCover(path.id, "desktopCover", payload.image))
    .handle("setEventMobileCover", ({ path, payload }) => setCover(path.id, "mobileCover", payload.image)))
