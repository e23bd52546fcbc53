import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The favicon's drawing (public/favicon.svg, a 32-unit square): the clinic cross on teal. */
const TEAL = [0x00, 0x83, 0x73] as const;
const CORNER = 8;
const CROSS: [x0: number, y0: number, x1: number, y1: number][] = [
  [13, 7, 19, 25],
  [7, 13, 25, 19],
];

const inCross = (x: number, y: number) =>
  CROSS.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1);

/** Inside the favicon's rounded square; a maskable icon fills the whole square (the OS cuts it). */
function inTile(x: number, y: number, rounded: boolean): boolean {
  if (!rounded) return true;
  const cx = Math.min(Math.max(x, CORNER), 32 - CORNER);
  const cy = Math.min(Math.max(y, CORNER), 32 - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}

/** RGBA rows of the icon at `size` pixels, each pixel averaged over 4×4 samples (smooth edges). */
function drawIcon(size: number, rounded: boolean): Buffer {
  const samples = 4;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    rows[row] = 0; // PNG filter: none
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 32) / size;
          const y = ((py + (sy + 0.5) / samples) * 32) / size;
          if (!inTile(x, y, rounded)) continue;
          tile++;
          if (inCross(x, y)) white++;
        }
      }
      const offset = row + 1 + px * 4;
      const share = tile ? white / tile : 0;
      for (let c = 0; c < 3; c++) rows[offset + c] = Math.round(TEAL[c] + (255 - TEAL[c]) * share);
      rows[offset + 3] = Math.round((255 * tile) / samples ** 2);
    }
  }
  return rows;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of the favicon's drawing at `size` pixels. */
export function iconPng(size: number, rounded = true): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(drawIcon(size, rounded), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The icons the web manifest names, drawn at build time from the favicon (no image files to keep in step). */
export const APP_ICONS = [
  { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function appIcons(): Plugin {
  return {
    name: 'klinikita:app-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of APP_ICONS) {
        const size = Number(icon.sizes.split('x')[0]);
        this.emitFile({
          type: 'asset',
          fileName: icon.src,
          source: iconPng(size, icon.purpose !== 'maskable'),
        });
      }
    },
  };
}
