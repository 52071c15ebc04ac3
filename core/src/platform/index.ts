/** Context "platform": health, background jobs, scheduling. */
export {}
