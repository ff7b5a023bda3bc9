import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

/** Pixels of an 8-bit RGB or RGBA PNG (what headless Chromium writes): enough to look at a screenshot. */
export interface Image { readonly width: number; readonly height: number; pixel(x: number, y: number): [number, number, number] }

export function readPng(path: string): Image {
  const data = readFileSync(path);
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const idat: Buffer[] = [];
  while (offset < data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('ascii', offset + 4, offset + 8);
    const chunk = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0); height = chunk.readUInt32BE(4);
      if (chunk[8] !== 8 || (chunk[9] !== 2 && chunk[9] !== 6) || chunk[12] !== 0) throw new Error('readPng: only 8-bit RGB/RGBA without interlacing');
      channels = chunk[9] === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(chunk);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? out[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      out[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => { const i = y * stride + x * channels; return [out[i]!, out[i + 1]!, out[i + 2]!]; } };
}

/** How many pixels of the top `rows` rows are within `tolerance` of `rgb`. */
export function countColour(image: Image, rgb: readonly [number, number, number], rows: number, tolerance = 12): number {
  let n = 0;
  for (let y = 0; y < Math.min(rows, image.height); y++)
    for (let x = 0; x < image.width; x++) {
      const [r, g, b] = image.pixel(x, y);
      if (Math.abs(r - rgb[0]) <= tolerance && Math.abs(g - rgb[1]) <= tolerance && Math.abs(b - rgb[2]) <= tolerance) n += 1;
    }
  return n;
}
