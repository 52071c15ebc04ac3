import { TestDatabase } from "../support/database.js"
import { FreshJobQueuePg, jobQueueContract } from "./job-queue.contract.js"

// Real Postgres (a clone of the run's template); PGlite only when the run fell back (never in CI).
jobQueueContract("JobQueuePg on the test database", TestDatabase, FreshJobQueuePg)
