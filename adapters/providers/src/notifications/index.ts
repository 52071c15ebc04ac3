/** HTTP adapters of the notification channels (undici), the unconfigured sender and webhook signatures. */
export * from "./http-delivery.js"
export * from "./email.sendgrid.js"
export * from "./sms.twilio.js"
export * from "./push.fcm.js"
export * from "./chat.whatsapp.js"
export * from "./unconfigured.js"
export * from "./webhook-signature.js"
export * from "./provider-templates.http.js"
