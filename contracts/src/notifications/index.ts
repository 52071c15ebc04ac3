/** Area API "notifications": outbox, logs, templates, categories, journeys, preferences. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"

export class NotificationsApi extends HttpApi.make(ApiId) {}
