/** @podium/worker — drains the durable job queue and the notification outbox; its loop layer is reused by the all-in-one HTTP host. */
export * from "./worker-loop.layer.js"
export * from "./outbox-loop.layer.js"
