import { describe, expect, it } from 'vitest';
import { headingInto, inTriangle } from './intent.ts';

describe('menu intent (safe triangle)', () => {
  const panel = { left: 300, top: 100, right: 800, bottom: 500 };

  it('knows a point inside a triangle from one outside', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 0 };
    const c = { x: 0, y: 10 };
    expect(inTriangle({ x: 2, y: 2 }, a, b, c)).toBe(true);
    expect(inTriangle({ x: 9, y: 9 }, a, b, c)).toBe(false);
  });

  it('a diagonal move from the category column toward the panel heads into it', () => {
    expect(headingInto({ x: 100, y: 120 }, { x: 140, y: 150 }, panel)).toBe(true);
    expect(headingInto({ x: 100, y: 120 }, { x: 180, y: 130 }, panel)).toBe(true);
  });

  it('a move straight down the category column, or away, does not', () => {
    expect(headingInto({ x: 100, y: 120 }, { x: 100, y: 160 }, panel)).toBe(false);
    expect(headingInto({ x: 100, y: 120 }, { x: 60, y: 140 }, panel)).toBe(false);
    expect(headingInto({ x: 100, y: 120 }, { x: 100, y: 120 }, panel)).toBe(false);
  });

  it('a move down from a trigger toward a dropdown below heads into it', () => {
    const below = { left: 200, top: 60, right: 420, bottom: 300 };
    expect(headingInto({ x: 150, y: 20 }, { x: 190, y: 40 }, below)).toBe(true);
    expect(headingInto({ x: 150, y: 20 }, { x: 110, y: 22 }, below)).toBe(false);
  });
});
