/** @podium/worker — drains the durable job queue; its loop layer is reused by the all-in-one HTTP host. */
export * from "./worker-loop.layer.js"
