/**
 * PdfRenderer on pdf-lib: A4 pages, Helvetica, the title in bold, paragraphs word-wrapped, a small
 * footer on every page. Standard fonts speak WinAnsi only, so other characters are replaced by "?".
 */
import { Organizers } from "@podium/core"
import { Effect, Layer } from "effect"
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib"

const PageWidth = 595.28
const PageHeight = 841.89
const Margin = 56
const BodySize = 11
const TitleSize = 16
const Leading = 1.45

/** Keeps printable Latin-1 and a few WinAnsi punctuation marks; everything else becomes "?". */
const winAnsi = (text: string) =>
  text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201C\u201D]/g, "\"").replace(/[\u2013\u2014]/g, "-").replace(/\u2022/g, "-")
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, "?")

const wrap = (text: string, font: PDFFont, size: number, width: number): ReadonlyArray<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of text.split(" ")) {
    const candidate = line === "" ? word : `${line} ${word}`
    if (font.widthOfTextAtSize(candidate, size) <= width || line === "") {
      line = candidate
    } else {
      lines.push(line)
      line = word
    }
  }
  if (line !== "") lines.push(line)
  return lines
}

export const renderPdf = async (input: Organizers.PdfDocumentInput): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  doc.setTitle(winAnsi(input.title))
  doc.setProducer("Podium")
  doc.setCreator("Podium")
  const body = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const width = PageWidth - 2 * Margin
  let page = doc.addPage([PageWidth, PageHeight])
  let y = PageHeight - Margin
  const ensure = (height: number) => {
    if (y - height < Margin + 24) {
      page = doc.addPage([PageWidth, PageHeight])
      y = PageHeight - Margin
    }
  }
  for (const line of wrap(winAnsi(input.title), bold, TitleSize, width)) {
    ensure(TitleSize * Leading)
    y -= TitleSize * Leading
    page.drawText(line, { x: Margin, y, size: TitleSize, font: bold })
  }
  y -= BodySize
  for (const paragraph of input.paragraphs) {
    for (const line of wrap(winAnsi(paragraph), body, BodySize, width)) {
      ensure(BodySize * Leading)
      y -= BodySize * Leading
      page.drawText(line, { x: Margin, y, size: BodySize, font: body })
    }
    y -= BodySize * 0.6
  }
  if (input.footer !== undefined) {
    const footer = winAnsi(input.footer)
    for (const p of doc.getPages()) p.drawText(footer, { x: Margin, y: Margin / 2, size: 8, font: body })
  }
  return doc.save()
}

export const PdfRendererPdfLib: Layer.Layer<Organizers.PdfRenderer> = Layer.succeed(
  Organizers.PdfRenderer,
  Organizers.PdfRenderer.of({ render: (input) => Effect.promise(() => renderPdf(input)) })
)
