/** Handler of the Media group: serve a stored file through a signed token (404 bad, 410 expired). */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { NotFound } from "@podium/contracts/common"
import { EventsApi, Gone } from "@podium/contracts/events"
import { Media } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { OrganizersHandlerServices } from "../organizers/organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")

export const MediaHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "media">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "media", (handlers) =>
    handlers.handle("mediaContent", ({ path, urlParams }) =>
      Effect.gen(function*() {
        // 410 is not a domain-error kind: the expired link is answered here, the group declares Gone.
        const claims = yield* Media.openMediaToken(path.token).pipe(
          Effect.catchTag("MediaTokenExpired", (e) => Effect.fail(new Gone({ message: e.message })))
        )
        const blob = yield* Effect.flatMap(Media.BlobStore, (store) => store.get(claims.key))
        if (Option.isNone(blob)) return yield* new NotFound({ message: "Media not found" })
        const attachment = ["1", "true", "yes"].includes(urlParams.download.toLowerCase())
        const name = asciiName(claims.fileName)
        return HttpServerResponse.uint8Array(blob.value.bytes, {
          contentType: claims.contentType,
          headers: {
            "content-disposition": `${attachment ? "attachment" : "inline"}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(claims.fileName)}`,
            "cache-control": claims.audience === "public" ? "private, max-age=300" : "no-store",
            "x-content-type-options": "nosniff"
          }
        })
      })))
