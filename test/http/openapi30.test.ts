/** The 3.1 → 3.0 rewrite of the published contract, rule by rule. */
import { toOpenApi30 } from "@podium/http"
import { describe, expect, it } from "vitest"

const schemaOf = (schema: unknown, components: Record<string, unknown> = {}) =>
  (toOpenApi30({ openapi: "3.1.0", paths: {}, components: { schemas: { ...components, It: schema } } }) as {
    components: { schemas: Record<string, unknown> }
  }).components.schemas.It

describe("the OpenAPI 3.0 rewrite", () => {
  it("turns anyOf [X, null] into X with nullable and a type beside it", () => {
    expect(schemaOf({ anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] })).toEqual({ type: "string", format: "date-time", nullable: true })
  })

  it("wraps a nullable reference in allOf and gives it the referenced type", () => {
    expect(schemaOf({ anyOf: [{ $ref: "#/components/schemas/Money" }, { type: "null" }] }, { Money: { type: "object" } }))
      .toEqual({ allOf: [{ $ref: "#/components/schemas/Money" }], type: "object", nullable: true })
  })

  it("keeps a union of several kinds nullable, typed when they share one", () => {
    expect(schemaOf({ anyOf: [{ type: "string", enum: ["a"] }, { type: "string", enum: ["b"] }, { type: "null" }] }))
      .toEqual({ anyOf: [{ type: "string", enum: ["a"] }, { type: "string", enum: ["b"] }], type: "string", nullable: true })
  })

  it("writes a lone null type as a nullable enum of null, const as a one-value enum, examples as example", () => {
    expect(schemaOf({ type: "null" })).toEqual({ type: "object", nullable: true, enum: [null] })
    expect(schemaOf({ type: "string", const: "x" })).toEqual({ type: "string", enum: ["x"] })
    expect(schemaOf({ type: "string", examples: ["a", "b"] })).toEqual({ type: "string", example: "a" })
    expect(schemaOf({ type: "number", exclusiveMinimum: 0 })).toEqual({ type: "number", minimum: 0, exclusiveMinimum: true })
  })

  it("leaves properties named like keywords alone", () => {
    expect(schemaOf({ type: "object", properties: { const: { type: "string" }, type: { type: "string" } } }))
      .toEqual({ type: "object", properties: { const: { type: "string" }, type: { type: "string" } } })
  })
})
