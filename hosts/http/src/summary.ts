/** The one-screen start-up summary: where the host listens and what serves each port. */
import type { AppConfigShape } from "@podium/host-common"

export const startupSummary = (config: AppConfigShape, lines: ReadonlyArray<readonly [string, string]>) => {
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`
  const rows: Array<readonly [string, string]> = [
    ["listening", base],
    ...lines,
    ["docs", `${base}/docs  ·  ${base}/swagger  ·  ${base}/api-reference`],
    ["health", `${base}/health`]
  ]
  const width = Math.max(...rows.map(([k]) => k.length))
  return [
    "",
    "  Podium HTTP host",
    ...rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`),
    "",
    ""
  ].join("\n")
}
