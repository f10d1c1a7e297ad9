/**
 * What XML 1.0 forbids in text: C0 controls but tab and line breaks, lone surrogates, U+FFFE and
 * U+FFFF. A company name or an address may carry one (a paste, a forged form); text drawn through
 * an XML-like markup (the review preview's SVG, the text watermark's Pango markup) drops them
 * here, before escaping, so the mark neither breaks nor shows a box for a character nobody sees.
 */
const XML_INVALID =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function withoutXmlInvalid(text: string): string {
  return text.replace(XML_INVALID, "");
}
