import { describe, expect, it } from 'vitest';
import { paymentSprite, viewId } from './payment-icons.ts';

const icon = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 66 42" width="66" height="42">${body}</svg>`;

describe('the payment icons as one file', () => {
  it('stacks the icons with a view per method, in order', () => {
    const sprite = paymentSprite([
      { id: 'upi', svg: icon('<rect width="66" height="42"/>') },
      { id: 'visa', svg: icon('<text>VISA</text>') },
    ])!;
    expect(sprite).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 66 84">' +
        '<view id="upi" viewBox="0 0 66 42"/><svg x="0" y="0" width="66" height="42" viewBox="0 0 66 42"><rect width="66" height="42"/></svg>' +
        '<view id="visa" viewBox="0 42 66 42"/><svg x="0" y="42" width="66" height="42" viewBox="0 0 66 42"><text>VISA</text></svg>' +
        '</svg>',
    );
  });

  it("makes each icon's inner ids its own", () => {
    const body = '<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/>';
    const sprite = paymentSprite([
      { id: 'upi', svg: icon(body) },
      { id: 'rupay', svg: icon(body) },
    ])!;
    expect(sprite).toContain('id="upi-g"');
    expect(sprite).toContain('fill="url(#rupay-g)"');
    expect(sprite).toContain('href="#rupay-g"');
    expect(sprite).not.toContain('id="g"');
  });

  it('gives up (the footer keeps the separate files) when an icon is not an SVG', () => {
    expect(paymentSprite([{ id: 'upi', svg: '\x89PNG...' }])).toBeNull();
  });

  it('keeps view ids to what a URL fragment and an XML id share', () => {
    expect(viewId('Net Banking!')).toBe('net-banking-');
  });
});
