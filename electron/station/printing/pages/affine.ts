// 2D affine matrices in PDF order [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f.
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `first`, then `second` (not named `then`: that would make the module thenable). */
export function compose(first: Matrix, second: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [
    a1 * a2 + b1 * c2,
    a1 * b2 + b1 * d2,
    c1 * a2 + d1 * c2,
    c1 * b2 + d1 * d2,
    e1 * a2 + f1 * c2 + e2,
    e1 * b2 + f1 * d2 + f2,
  ];
}

export const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
export const scale = (s: number): Matrix => [s, 0, 0, s, 0, 0];

/**
 * Turns a width x height box standing at the origin clockwise by a quarter turns, and moves it
 * back to the origin: the same turn a viewer applies for a page's /Rotate.
 */
export function quarterTurnsClockwise(turns: number, width: number, height: number): Matrix {
  switch (((turns % 4) + 4) % 4) {
    case 1:
      return [0, -1, 1, 0, 0, width];
    case 2:
      return [-1, 0, 0, -1, width, height];
    case 3:
      return [0, 1, -1, 0, height, 0];
    default:
      return IDENTITY;
  }
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}
