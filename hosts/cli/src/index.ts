/** @podium/cli — admin commands (migrate, jobs…), importable for in-process tests. */
export * from "./cli.js"
