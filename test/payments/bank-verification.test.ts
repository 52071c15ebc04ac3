/**
 * C "Bank verification" through the real host on the local bank verifier: IFSC lookup (format 400,
 * unknown 404), penny drop answering 200 with exactly the verified or the failed shape, the 400
 * validation messages, sign-in required, the per-user rate limit (5 per hour, 429), the provider
 * outage 503, and a host without a verifier configured answering 503 BANK_VERIFICATION_NOT_CONFIGURED.
 */
import { describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { startRealHost, useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)

describe("IFSC lookup", () => {
  it("answers the branch of a known IFSC", async () => {
    const me = await newAthlete(host())
    const res = await host().http.get("/v2/bank-verification/ifsc/HDFC0000001", me.headers)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 200, statusText: "OK" })
    expect(res.body.data).toEqual({
      ifsc: "HDFC0000001",
      bank: "HDFC Bank",
      branch: "Sandoz House, Worli",
      address: "Sandoz House, Dr Annie Besant Road, Worli, Mumbai 400018",
      city: "Mumbai",
      state: "Maharashtra"
    })
  })

  it("answers 404 IFSC_NOT_FOUND for a well-formed unknown IFSC and 400 for a malformed one", async () => {
    const me = await newAthlete(host())
    const unknown = await host().http.get("/v2/bank-verification/ifsc/ABCD0123456", me.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: "IFSC_NOT_FOUND", data: null })
    for (const bad of ["HDFC1000001", "hdfc0000001", "HDFC000001"]) {
      const res = await host().http.get(`/v2/bank-verification/ifsc/${bad}`, me.headers)
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.message)).toContain("must be a valid IFSC")
    }
  })

  it("requires a signed-in caller", async () => {
    expect((await host().http.get("/v2/bank-verification/ifsc/HDFC0000001")).status).toBe(401)
  })
})

describe("penny-drop verification", () => {
  it("answers 200 with exactly the verified shape", async () => {
    const me = await newAthlete(host())
    const res = await host().http.post("/v2/bank-verification/verify", { accountNumber: "50100012345678", ifsc: "SBIN0000300", accountHolderName: "Asha Rao" }, me.headers)
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual(["accountExists", "accountHolderName", "amountDeposited", "transactionId", "utr", "verified"])
    expect(res.body.data).toMatchObject({ verified: true, accountExists: true, accountHolderName: "ASHA RAO", amountDeposited: 100 })
    expect(res.body.data.utr).toMatch(/^\w{12}$/)
    expect(res.body.data.transactionId).toMatch(/^pd_local_\d+$/)
  })

  it("answers 200 with exactly the failed shape for a missing or blocked account and an unknown IFSC", async () => {
    const me = await newAthlete(host())
    const cases = [
      [{ accountNumber: "123456789000", ifsc: "SBIN0000300" }, "ACCOUNT_NOT_FOUND"],
      [{ accountNumber: "123456789111", ifsc: "SBIN0000300" }, "ACCOUNT_BLOCKED"],
      [{ accountNumber: "123456789123", ifsc: "ABCD0123456" }, "INVALID_IFSC"]
    ] as const
    for (const [body, reason] of cases) {
      const res = await host().http.post("/v2/bank-verification/verify", body, me.headers)
      expect(res.status).toBe(200)
      expect(Object.keys(res.body.data).sort()).toEqual(["message", "reason", "verified"])
      expect(res.body.data).toMatchObject({ verified: false, reason })
    }
  })

  it("validates every field and lists each failing message", async () => {
    const me = await newAthlete(host())
    const res = await host().http.post("/v2/bank-verification/verify", { accountNumber: "12ab", ifsc: "XYZ", accountHolderName: "A" }, me.headers)
    expect(res.status).toBe(400)
    const message = JSON.stringify(res.body.message)
    expect(message).toContain("must be 9 to 18 digits")
    expect(message).toContain("must be a valid IFSC")
    expect(res.body.data).toBeNull()
    const missing = await host().http.post("/v2/bank-verification/verify", {}, me.headers)
    expect(missing.status).toBe(400)
  })

  it("requires a signed-in caller", async () => {
    expect((await host().http.post("/v2/bank-verification/verify", { accountNumber: "50100012345678", ifsc: "SBIN0000300" })).status).toBe(401)
  })

  it("answers 503 BANK_VERIFICATION_NOT_CONFIGURED when the provider is down", async () => {
    const me = await newAthlete(host())
    const res = await host().http.post("/v2/bank-verification/verify", { accountNumber: "123456789999", ifsc: "SBIN0000300" }, me.headers)
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: "BANK_VERIFICATION_NOT_CONFIGURED", data: null })
  })

  it("allows 5 penny drops per user per hour, then 429 BANK_VERIFICATION_RATE_LIMITED (other users unaffected)", async () => {
    const me = await newAthlete(host())
    const body = { accountNumber: "50100012345678", ifsc: "SBIN0000300" }
    const answers = await Promise.all(Array.from({ length: 7 }, () => host().http.post("/v2/bank-verification/verify", body, me.headers)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5)
    const limited = answers.filter((a) => a.status === 429)
    expect(limited).toHaveLength(2)
    expect(limited[0]!.body).toMatchObject({ code: "BANK_VERIFICATION_RATE_LIMITED", data: null })
    const other = await newAthlete(host())
    expect((await host().http.post("/v2/bank-verification/verify", body, other.headers)).status).toBe(200)
  })
})

describe("a host without a bank verifier", () => {
  it("answers 503 BANK_VERIFICATION_NOT_CONFIGURED for both operations", async () => {
    const bare = await startRealHost(`${import.meta.url}#bare`, { BANK_VERIFIER: "none", PAYMENT_GATEWAY: "none" })
    try {
      const me = await newAthlete(bare)
      const lookup = await bare.http.get("/v2/bank-verification/ifsc/HDFC0000001", me.headers)
      expect(lookup.status).toBe(503)
      expect(lookup.body.code).toBe("BANK_VERIFICATION_NOT_CONFIGURED")
      const verify = await bare.http.post("/v2/bank-verification/verify", { accountNumber: "50100012345678", ifsc: "SBIN0000300" }, me.headers)
      expect(verify.status).toBe(503)
      expect(verify.body.code).toBe("BANK_VERIFICATION_NOT_CONFIGURED")
    } finally {
      await bare.close()
    }
  }, 60_000)
})
