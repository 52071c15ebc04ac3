/** QrCodes on the `qrcode` package: PNG data URIs (error correction M, 4-module margin). */
import { Identity } from "@podium/core"
import { Effect, Layer } from "effect"
import QRCode from "qrcode"

export const QrCodesPng: Layer.Layer<Identity.QrCodes> = Layer.succeed(Identity.QrCodes, Identity.QrCodes.of({
  pngDataUri: (text) =>
    Effect.tryPromise(() => QRCode.toDataURL(text, { type: "image/png", errorCorrectionLevel: "M", margin: 4, scale: 4 })).pipe(Effect.orDie)
}))
