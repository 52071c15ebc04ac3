/** Bib templates (C "Bib templates"): the thumbnail renderer and the facts an operation can fail with. */
import { type BibTemplate, DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
import { escapeXml } from "../platform/markup.js"

export class BibTemplateNotFound extends DomainError<BibTemplateNotFound>()("BibTemplateNotFound", { kind: "not-found", code: "BIB_TEMPLATE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Bib template not found"
  }
}

export class BibTemplateInputInvalid extends InputInvalid<BibTemplateInputInvalid>()("BibTemplateInputInvalid") {}

const fonts: Readonly<Record<BibTemplate["fontFamily"], string>> = {
  "sans-serif": "Helvetica, Arial, sans-serif",
  serif: "Georgia, serif",
  monospace: "Menlo, monospace",
  condensed: "'Arial Narrow', sans-serif-condensed, sans-serif"
}

export type BibDesign = Pick<BibTemplate, "name" | "backgroundColor" | "textColor" | "accentColor" | "fontFamily" | "showQrCode" | "sampleBibNumber" | "sampleName">

/** A 600x400 SVG of the bib: accent band, the bib number large, the athlete's name, and a QR placeholder. */
export const renderBibThumbnail = (d: BibDesign): string =>
  [
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">`,
    `<rect width="600" height="400" rx="16" fill="${d.backgroundColor}"/>`,
    `<rect width="600" height="64" rx="16" fill="${d.accentColor}"/>`,
    `<text x="24" y="42" font-family="${fonts[d.fontFamily]}" font-size="24" fill="${d.backgroundColor}">${escapeXml(d.name)}</text>`,
    `<text x="300" y="250" text-anchor="middle" font-family="${fonts[d.fontFamily]}" font-size="150" font-weight="bold" fill="${d.textColor}">${escapeXml(d.sampleBibNumber)}</text>`,
    `<text x="300" y="340" text-anchor="middle" font-family="${fonts[d.fontFamily]}" font-size="32" fill="${d.textColor}">${escapeXml(d.sampleName)}</text>`,
    d.showQrCode ? `<rect x="500" y="300" width="80" height="80" fill="#ffffff" stroke="${d.textColor}" stroke-width="2"/>` : "",
    `</svg>`
  ].join("")
