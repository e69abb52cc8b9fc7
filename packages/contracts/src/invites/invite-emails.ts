/** Splits what a user typed into the invite field (spec §2 invite popup): whitespace removed, comma-split, empties dropped. */
export function splitInviteEmails(input: string): string[] {
  return input
    .replace(/\s+/g, '')
    .split(/[,，]/)
    .filter((e) => e.length > 0);
}
