/** Points or a percentage as shown in the gradebook: at most two decimals, no trailing zeros; '—' for null (not graded or not published). */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return String(Math.round(value * 100) / 100);
}
