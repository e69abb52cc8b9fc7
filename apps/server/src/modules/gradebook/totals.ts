/**
 * The course total of the gradebook (issue 16 §3), pure. Each graded item counts as its percentage
 * (score / max × 100, clamped to 0–100). Items weigh `weight` inside their category; a category's
 * percentage is the weighted mean of its graded items; the total is the mean of the categories'
 * percentages weighted by the categories' weights, uncategorised items forming one category of
 * weight 1. Items without a score (or weight 0) do not count; a category without a counting item
 * drops out and the others are re-weighted (Moodle's "exclude empty grades"). Null when nothing counts.
 */

export interface TotalItem {
  id: number;
  maxScore: number;
  weight: number;
  categoryId: number | null;
}

/** Percentage 0–100 rounded to 2 decimals, or null. */
export function courseTotal(
  items: readonly TotalItem[],
  categoryWeights: ReadonlyMap<number, number>,
  scores: ReadonlyMap<number, number | null | undefined>,
): number | null {
  const groups = new Map<number | null, { sum: number; weights: number }>();
  for (const item of items) {
    const score = scores.get(item.id);
    if (score === null || score === undefined || !(item.maxScore > 0) || !(item.weight > 0)) continue;
    const categoryId = item.categoryId !== null && categoryWeights.has(item.categoryId) ? item.categoryId : null;
    const pct = Math.min(100, Math.max(0, (score / item.maxScore) * 100));
    const group = groups.get(categoryId) ?? { sum: 0, weights: 0 };
    group.sum += pct * item.weight;
    group.weights += item.weight;
    groups.set(categoryId, group);
  }
  let sum = 0;
  let weights = 0;
  for (const [categoryId, group] of groups) {
    const weight = categoryId === null ? 1 : categoryWeights.get(categoryId)!;
    if (!(weight > 0)) continue;
    sum += (group.sum / group.weights) * weight;
    weights += weight;
  }
  return weights > 0 ? Math.round((sum / weights) * 100) / 100 : null;
}
