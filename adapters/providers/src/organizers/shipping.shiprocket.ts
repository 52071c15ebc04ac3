/**
 * Shiprocket (courier aggregator) over HTTP with undici: `POST /v1/external/auth/login` with the API
 * user's e-mail and password answers a bearer token (valid ten days; cached for nine and renewed
 * once on a 401), and `POST /v1/external/settings/company/addpickup` registers a pickup location
 * (`pickup_location` nickname, contact, address, `pin_code`) answering its `pickup_id`. A 422 (or
 * any 4xx other than 401) is the provider refusing the address; 5xx and network failures are an
 * outage. Shipments: `POST /v1/external/orders/create/adhoc` books the order (our reference as
 * `order_id`, so the provider refuses a second order of one parcel) answering its `shipment_id`,
 * then `POST /v1/external/courier/assign/awb` assigns the courier and answers the AWB (tracking
 * number) and courier name. Base URL default `https://apiv2.shiprocket.in`.
 */
import { Organizers } from "@podium/core"
import { Effect } from "effect"
import { request } from "undici"

export interface ShiprocketOptions {
  readonly baseUrl: string
  readonly email: string
  readonly password: string
  readonly timeoutMs?: number
}

const TokenLifetimeMs = 9 * 86_400_000

/** A JSON object body, or `{}` when the body is not one. */
const parseObject = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The first human-readable reason of a Shiprocket error body. */
const reasonOf = (status: number, text: string): string => {
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: Record<string, unknown> }
    const fieldErrors = Object.entries(body.errors ?? {}).flatMap(([field, v]) => (Array.isArray(v) ? v : [v]).map((m) => `${field}: ${String(m)}`))
    if (fieldErrors.length > 0) return fieldErrors.join("; ")
    if (typeof body.message === "string" && body.message !== "") return body.message
  } catch {
    // not JSON
  }
  return `HTTP ${status}${text === "" ? "" : `: ${text.slice(0, 200)}`}`
}

export const makeShippingProviderShiprocket = (options: ShiprocketOptions): Organizers.ShippingProvider["Type"] => {
  const base = options.baseUrl.replace(/\/+$/, "")
  const timeout = options.timeoutMs ?? 15_000
  let token: { readonly value: string; readonly expiresAt: number } | null = null

  const post = (path: string, body: unknown, bearer: string | null) =>
    Effect.tryPromise({
      try: async (signal) => {
        const res = await request(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
          body: JSON.stringify(body),
          signal,
          headersTimeout: timeout,
          bodyTimeout: timeout
        })
        return { status: res.statusCode, text: await res.body.text() }
      },
      catch: (e) => new Organizers.ShippingProviderUnavailable({ reason: `shiprocket ${path}: ${e instanceof Error ? e.message : String(e)}` })
    })

  const login = Effect.gen(function*() {
    const res = yield* post("/v1/external/auth/login", { email: options.email, password: options.password }, null)
    if (res.status !== 200) return yield* new Organizers.ShippingProviderUnavailable({ reason: `shiprocket login failed: ${reasonOf(res.status, res.text)}` })
    const value = (parseObject(res.text) as { token?: unknown }).token
    if (typeof value !== "string" || value === "") return yield* new Organizers.ShippingProviderUnavailable({ reason: "shiprocket login answered no token" })
    token = { value, expiresAt: Date.now() + TokenLifetimeMs }
    return value
  })
  const currentToken = Effect.suspend(() => (token !== null && token.expiresAt > Date.now() ? Effect.succeed(token.value) : login))

  /** One authenticated call, renewing the token once on a 401. */
  const authed = (path: string, body: unknown) =>
    Effect.gen(function*() {
      const res = yield* post(path, body, yield* currentToken)
      if (res.status !== 401) return res
      token = null
      return yield* post(path, body, yield* login)
    })
  const refusedOrDown = (path: string, res: { readonly status: number; readonly text: string }) =>
    res.status >= 400 && res.status < 500
      ? new Organizers.ShippingProviderRejected({ reason: reasonOf(res.status, res.text) })
      : new Organizers.ShippingProviderUnavailable({ reason: `shiprocket ${path}: ${reasonOf(res.status, res.text)}` })

  return Organizers.ShippingProvider.of({
    provider: "shiprocket",
    configured: true,
    createShipment: (r) =>
      Effect.gen(function*() {
        const [first, ...rest] = r.recipient.name.trim().split(/\s+/)
        const order = {
          order_id: r.reference,
          order_date: new Date().toISOString().slice(0, 16).replace("T", " "),
          pickup_location: r.pickupLocation ?? "Primary",
          billing_customer_name: first ?? r.recipient.name,
          billing_last_name: rest.join(" "),
          billing_address: r.recipient.addressLine1,
          billing_address_2: r.recipient.addressLine2 ?? "",
          billing_city: r.recipient.city,
          billing_pincode: r.recipient.pincode,
          billing_state: r.recipient.state,
          billing_country: "India",
          billing_email: options.email,
          billing_phone: r.recipient.phone,
          shipping_is_billing: true,
          order_items: [{ name: r.item.name, sku: r.item.sku, units: r.item.units, selling_price: r.declaredValue / 100 }],
          payment_method: "Prepaid",
          sub_total: r.declaredValue / 100,
          length: 20,
          breadth: 15,
          height: 5,
          weight: 0.5
        }
        const created = yield* authed("/v1/external/orders/create/adhoc", order)
        if (created.status < 200 || created.status >= 300) return yield* refusedOrDown("orders/create/adhoc", created)
        const shipmentId = (parseObject(created.text) as { shipment_id?: unknown }).shipment_id
        if (shipmentId === undefined || shipmentId === null) return yield* new Organizers.ShippingProviderUnavailable({ reason: "shiprocket answered no shipment_id" })
        const assigned = yield* authed("/v1/external/courier/assign/awb", { shipment_id: String(shipmentId) })
        if (assigned.status < 200 || assigned.status >= 300) return yield* refusedOrDown("courier/assign/awb", assigned)
        const data = ((parseObject(assigned.text) as { response?: { data?: { awb_code?: unknown; courier_name?: unknown } } }).response?.data) ?? {}
        if (typeof data.awb_code !== "string" || data.awb_code === "") {
          return yield* new Organizers.ShippingProviderRejected({ reason: reasonOf(assigned.status, assigned.text) })
        }
        return {
          provider: "shiprocket",
          shipmentId: String(shipmentId),
          trackingNumber: data.awb_code,
          carrier: typeof data.courier_name === "string" && data.courier_name !== "" ? data.courier_name : "Shiprocket"
        }
      }),
    registerPickupLocation: (r) => {
      const body = {
        pickup_location: r.locationName,
        name: r.contactName,
        email: r.email ?? options.email,
        phone: r.phone,
        address: r.addressLine1,
        address_2: r.addressLine2 ?? "",
        city: r.city,
        state: r.state,
        country: r.country,
        pin_code: r.pincode
      }
      const attempt = (bearer: string) => post("/v1/external/settings/company/addpickup", body, bearer)
      return Effect.gen(function*() {
        let res = yield* attempt(yield* currentToken)
        if (res.status === 401) {
          token = null
          res = yield* attempt(yield* login)
        }
        if (res.status >= 200 && res.status < 300) {
          const answer = parseObject(res.text) as { success?: unknown; pickup_id?: unknown; address?: { id?: unknown } }
          if (answer.success === false) return yield* new Organizers.ShippingProviderRejected({ reason: reasonOf(res.status, res.text) })
          const id = answer.pickup_id ?? answer.address?.id
          return { provider: "shiprocket", reference: id === undefined || id === null ? null : String(id) }
        }
        if (res.status >= 400 && res.status < 500) return yield* new Organizers.ShippingProviderRejected({ reason: reasonOf(res.status, res.text) })
        return yield* new Organizers.ShippingProviderUnavailable({ reason: `shiprocket addpickup: ${reasonOf(res.status, res.text)}` })
      })
    }
  })
}
