import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF as pdfkit writes it (tests only): streams inflated, Identity-H glyph codes
 * mapped back through each font's ToUnicode map. One line per text object.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  // each object read by its stream's /Length: compressed bytes may hold 'endstream', 'endobj' or a
  // final newline of their own (the PDF carries the time, so which ones varies from run to run)
  const header = /(\d+) 0 obj\s*/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const from = header.lastIndex;
    const endobj = raw.indexOf('endobj', from);
    const at = raw.indexOf('stream', from);
    if (at < 0 || (endobj >= 0 && endobj < at)) {
      objects.set(m[1], { dict: raw.slice(from, endobj), stream: null });
      continue;
    }
    const dict = raw.slice(from, at);
    const start = raw[at + 6] === '\r' ? at + 8 : at + 7;
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict);
    const stop = length
      ? start + Number(length[1])
      : raw.lastIndexOf('endstream', raw.indexOf('endobj', start));
    let bytes = Buffer.from(raw.slice(start, stop), 'latin1');
    if (dict.includes('/FlateDecode')) bytes = inflateSync(bytes);
    objects.set(m[1], { dict, stream: bytes.toString('latin1') });
    const next = raw.indexOf('endobj', stop);
    if (next < 0) break;
    header.lastIndex = next;
  }

  // font resource name (/F1) → its ToUnicode map (glyph code → text)
  const unicodeOf = (ref: string) => {
    const map = new Map<number, string>();
    const cmap = objects.get(ref)?.stream ?? '';
    const hex = (h: string) => Number.parseInt(h, 16);
    // a ligature maps to several characters: '<0066 0069>' is 'fi'
    const chars = (h: string) =>
      String.fromCodePoint(...(h.replace(/\s/g, '').match(/.{4}/g) ?? []).map(hex));
    for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const targets = [...range[3].matchAll(/<([0-9a-f\s]+)>/gi)].map((x) => chars(x[1]));
      for (const [i, text] of targets.entries()) map.set(hex(range[1]) + i, text);
    }
    return map;
  };
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!resources) continue;
    for (const [, name, ref] of resources[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref)?.dict ?? '');
      if (toUnicode && !fonts.has(name)) fonts.set(name, unicodeOf(toUnicode[1]));
    }
  }

  // text objects on one baseline (a label and its value, a bold word inside a sentence) make one line
  const lines: { y: string; text: string }[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes('BT')) continue;
    for (const block of stream.matchAll(/BT([\s\S]*?)ET/g)) {
      let font = new Map<number, string>();
      let text = '';
      const y = /[\d.-]+ ([\d.-]+) Tm/.exec(block[1])?.[1] ?? '';
      for (const token of block[1].matchAll(/\/(\w+) [\d.]+ Tf|<([0-9a-f]+)>|(-?[\d.]+)(?=[^\]]*\] TJ)/gi)) {
        if (token[1]) font = fonts.get(token[1]) ?? new Map();
        else if (token[2])
          text += (token[2].match(/.{4}/g) ?? [])
            .map((code) => font.get(Number.parseInt(code, 16)) ?? '')
            .join('');
        // a wide gap inside a TJ array is a space of justified text
        else if (Number(token[3]) <= -200) text += ' ';
      }
      const last = lines[lines.length - 1];
      if (last && last.y === y) last.text += ` ${text}`;
      else lines.push({ y, text });
    }
  }
  // a no-break space reads as a space
  return lines
    .map((l) =>
      l.text
        .replace(/\u00a0/g, ' ')
        .replace(/ {2,}/g, ' ')
        .trim(),
    )
    .join('\n');
}

/** Pages of a PDF. */
export const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
