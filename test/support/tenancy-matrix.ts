/**
 * The role × route authorization matrix, shared by the organizer and club tenancy tests: it reads
 * every endpoint carrying a tenancy guard from the served area APIs' definitions, says what each
 * principal must get from the guard's policy, and calls every route as every principal, collecting
 * the answers that differ (an allowed call only has to pass the guard: anything but 401/403).
 */
import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AreaApis } from "@podium/http/api"
import type { RealHost } from "./real-host.js"

export interface GuardedRoute {
  readonly method: string
  readonly path: string
  readonly guard: string
}

export interface TenancyPolicy {
  readonly roles: ReadonlyArray<string>
  readonly platformAdmin: boolean
}

/** An id no tenant owns, for the path parameters other than the tenant's. */
export const OtherId = "00000000-0000-4000-8000-00000000dead"

/** Every endpoint whose group or own middlewares include one of `policies`' guards. */
export const guardedRoutes = (policies: Readonly<Record<string, TenancyPolicy>>): Array<GuardedRoute> =>
  AreaApis.flatMap((api) =>
    Object.values((api as unknown as { groups: Record<string, HttpApiGroup.HttpApiGroup.AnyWithProps> }).groups).flatMap((group) =>
      Object.values(group.endpoints as Record<string, HttpApiEndpoint.HttpApiEndpoint.AnyWithProps>).flatMap((endpoint) => {
        const tags = [...group.middlewares, ...endpoint.middlewares] as Array<{ key: string }>
        const guard = tags.map((t) => t.key).find((k) => k in policies)
        return guard === undefined ? [] : [{ method: endpoint.method, path: endpoint.path, guard }]
      })))

export type Answer = "401" | "403" | "allowed"

/**
 * What `who` must get from `policy`: "anonymous" is 401, "platformAdmin" passes when the policy
 * lets platform admins in, a principal named in `roleOf` passes when the policy lists its role,
 * and anyone else (athletes, members of another tenant) is 403.
 */
export const expectedAnswer = (policy: TenancyPolicy, who: string, roleOf: Readonly<Record<string, string>>): Answer => {
  if (who === "anonymous") return "401"
  if (who === "platformAdmin") return policy.platformAdmin ? "allowed" : "403"
  const role = roleOf[who]
  return role !== undefined && policy.roles.includes(role) ? "allowed" : "403"
}

/** One call of the matrix: the concrete URL and the headers of the principal (and tenant). */
export interface MatrixCall {
  readonly path: string
  readonly headers: Record<string, string>
}

/**
 * Calls every route as every principal (in `principals`' order, a few routes at a time) and returns
 * the mismatches. `prepare(route)` runs once per route and answers how to call it as a principal,
 * so each test decides whether a fresh tenant is seeded per route or per call.
 */
export const walkMatrix = async <P extends string>(
  host: RealHost,
  routes: ReadonlyArray<GuardedRoute>,
  principals: ReadonlyArray<P>,
  expected: (guard: string, who: P) => Answer,
  prepare: (route: GuardedRoute) => Promise<(who: P) => Promise<MatrixCall>>,
  concurrency = 4
): Promise<Array<string>> => {
  const failures: Array<string> = []
  const walkRoute = async (route: GuardedRoute) => {
    const callAs = await prepare(route)
    for (const who of principals) {
      const { path, headers } = await callAs(who)
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : {}
      const res = await host.http.request(route.method, path, body, headers)
      const want = expected(route.guard, who)
      const ok = want === "allowed" ? res.status !== 401 && res.status !== 403 : String(res.status) === want
      if (!ok) failures.push(`${route.method} ${route.path} as ${who}: expected ${want}, got ${res.status} ${res.text.slice(0, 120)}`)
    }
  }
  // Routes are independent (each test gives every route its own tenant or only refused calls a
  // shared one), so a few walk at once: the matrix grows with every tenant-scoped route.
  let next = 0
  const worker = async () => {
    while (next < routes.length) await walkRoute(routes[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, routes.length) }, worker))
  return failures.sort()
}
