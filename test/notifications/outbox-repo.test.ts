import { NotificationsMemory } from "@podium/core/testing"
import { Layer } from "effect"
import { TestDatabase } from "../support/database.js"
import { FreshNotificationsPg, notificationReposContract } from "./outbox-repo.contract.js"

notificationReposContract("Notification repositories in memory", Layer.empty, NotificationsMemory)
// Real Postgres (a clone of the run's template); PGlite only when the run fell back (never in CI).
notificationReposContract("Notification repositories on Postgres", TestDatabase, FreshNotificationsPg)
