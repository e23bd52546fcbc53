/**
 * The text of a PDF as pdfkit writes it (tests only): streams inflated, Identity-H glyph codes
 * mapped back through each font's ToUnicode map. One line per text object.
 */
export declare function pdfText(pdf: Buffer): string;
/** Pages of a PDF. */
export declare const pdfPages: (pdf: Buffer) => number;
