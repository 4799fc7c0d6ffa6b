import { inflateSync } from "node:zlib";

/**
 * The alpha of one pixel of a PNG as Playwright's screenshots write it (8-bit RGBA, not interlaced): enough of the
 * format to read a transparent screenshot without an image library. Each row is stored behind a filter byte that
 * says how it was predicted from the pixel to its left, the one above, or both (PNG specification, section 9).
 */
export function alphaAt(png: Buffer, x: number, y: number): number {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const [depth, colour, , , interlace] = png.subarray(24, 29);
  if (depth !== 8 || colour !== 6 || interlace !== 0) throw new Error("not an 8-bit RGBA PNG without interlacing");
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const data = inflateSync(Buffer.concat(chunks));
  const stride = width * 4;
  let above = Buffer.alloc(stride);
  for (let row = 0; row < height && row <= y; row++) {
    const filter = data[row * (stride + 1)];
    const line = Buffer.from(data.subarray(row * (stride + 1) + 1, (row + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? line[i - 4]! : 0;
      const up = above[i]!;
      const corner = i >= 4 ? above[i - 4]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paeth(left, up, corner)][filter ?? 0] ?? 0;
      line[i] = (line[i]! + predicted) & 0xff;
    }
    above = line;
  }
  return above[x * 4 + 3]!;
}

function paeth(left: number, up: number, corner: number): number {
  const estimate = left + up - corner;
  const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - corner)];
  if (a <= b && a <= c) return left;
  return b <= c ? up : corner;
}
