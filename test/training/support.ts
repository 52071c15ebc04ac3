/** Helpers of the training tests: athletes signed in with their ids, calls with headers. */
import type { RealHost } from "../support/real-host.js"
import { bearer, signInNewUser } from "../support/sign-in.js"

export const athlete = async (host: RealHost) => {
  const signed = await signInNewUser(host)
  return { id: signed.id, headers: bearer(signed.accessToken) }
}

export const caller = (host: RealHost) => (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  host.http.request(method, path, body, headers)
