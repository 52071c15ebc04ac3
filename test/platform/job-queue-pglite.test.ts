import { EmbeddedTestDatabase } from "../support/database.js"
import { FreshJobQueuePg, jobQueueContract } from "./job-queue.contract.js"

// The embedded default: PGlite through its wire server and the same PgClient, one connection.
jobQueueContract("JobQueuePg on embedded PGlite", EmbeddedTestDatabase, FreshJobQueuePg)
