/** The values of a rating scale, min..max (integers, both ends included). */
export function ratingValues(rating: { min: number; max: number }): number[] {
  const values: number[] = [];
  for (let v = rating.min; v <= rating.max; v += 1) values.push(v);
  return values;
}

/** `count` of `total` as a whole percentage (0–100, rounded); null when nobody answered. */
export function percentOf(count: number, total: number): number | null {
  return total > 0 ? Math.round((count / total) * 100) : null;
}

/** Each rating value with its count (0 for a value nobody chose), in scale order. */
export function ratingRows(rating: { min: number; max: number; distribution: { value: number; count: number }[] }): { value: number; count: number }[] {
  return ratingValues(rating).map((value) => ({ value, count: rating.distribution.find((d) => d.value === value)?.count ?? 0 }));
}
