/**
 * A PNG's text chunks (tEXt, keyword and Latin-1 text): a screenshot committed to docs/ carries the hash of what it
 * was rendered from, so that a test can tell when it no longer shows what the code renders.
 */
import { crc32 } from 'node:zlib';

const SIGNATURE = 8;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The PNG with a tEXt chunk `keyword` = `text` right after its header chunk (IHDR). */
export function withText(png: Buffer, keyword: string, text: string): Buffer {
  const ihdrEnd = SIGNATURE + 8 + png.readUInt32BE(SIGNATURE) + 4;
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk('tEXt', data), png.subarray(ihdrEnd)]);
}

/** The text of the PNG's first tEXt chunk named `keyword`, or undefined. */
export function textOf(png: Buffer, keyword: string): string | undefined {
  for (let at = SIGNATURE; at + 8 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'tEXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const zero = data.indexOf(0);
      if (data.toString('latin1', 0, zero) === keyword) return data.toString('latin1', zero + 1);
    }
    if (type === 'IEND') return undefined;
    at += 12 + length;
  }
  return undefined;
}
