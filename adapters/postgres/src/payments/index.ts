export * from "./webhook-event.pg.js"
export * from "./payment-order.pg.js"
export * from "./chargeback.pg.js"
export * from "./refund.pg.js"
