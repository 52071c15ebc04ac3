/** The one-screen start-up summary: where the host listens and what serves each port. */
import type { AppConfigShape } from "@podium/host-common"
import { Option } from "effect"

/**
 * Where sign-in codes go, so a newcomer can sign in at once: without an SMS or e-mail provider
 * (development) they are recorded in this process and read from the development inbox.
 */
const signInCodes = (config: AppConfigShape, base: string): string => {
  const providers = config.notificationProviders
  const real = (channel: Option.Option<unknown> | undefined) => channel !== undefined && Option.isSome(channel)
  const sms = real(providers?.sms)
  const email = real(providers?.email)
  if (config.appEnv === "production") return `sent by the configured providers (sms: ${sms ? "yes" : "not configured"}; e-mail: ${email ? "yes" : "not configured"})`
  if (sms && email) return "sent by the configured SMS and e-mail providers"
  return `${sms ? "e-mail" : email ? "SMS" : "SMS and e-mail"} codes are recorded, not sent: ${base}/v2/dev/inbox?to=<phone or e-mail> (pnpm cli seed makes demo accounts)`
}


export const startupSummary = (config: AppConfigShape, lines: ReadonlyArray<readonly [string, string]>) => {
  const base = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`
  const rows: Array<readonly [string, string]> = [
    ["listening", base],
    ["sign-in codes", signInCodes(config, base)],
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
