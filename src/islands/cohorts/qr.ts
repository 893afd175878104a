/**
 * The classroom check-in QR code as one SVG path: uqr encodes, we draw (its own SVG renderer
 * draws a rect per module; one path is a fraction of the DOM). Quiet zone of 4 modules, as the
 * standard asks, so phones read it from across a room.
 */
import { encode } from 'uqr';

export type QrDrawing = { size: number; path: string };

export function qrDrawing(text: string): QrDrawing {
  const { data } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    // Runs of dark modules on a row become one rectangle each.
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`;
      x = end;
    }
  });
  return { size: data.length, path };
}
