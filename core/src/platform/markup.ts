/** Text made safe for the markup the platform draws itself (SVG cards, badges, bib thumbnails). */

/** Text safe inside SVG/XML content and attributes. */
export const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;")
