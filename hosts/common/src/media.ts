/** The media context as the hosts see it: video uploads on Postgres or on the memory twin (the blob store comes from the platform). */
import type { Media } from "@podium/core"
import { VideoUploadRepoMemory } from "@podium/core/testing"
import { VideoUploadRepoPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export const mediaContext = hostContext<Media.VideoUploadRepo>({
  name: "media",
  live: () => VideoUploadRepoPg,
  memory: () => VideoUploadRepoMemory
})
