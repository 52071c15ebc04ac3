import { JobQueueMemory } from "@podium/core/testing"
import { Layer } from "effect"
import { jobQueueContract } from "./job-queue.contract.js"

jobQueueContract("JobQueueMemory", Layer.empty, JobQueueMemory)
