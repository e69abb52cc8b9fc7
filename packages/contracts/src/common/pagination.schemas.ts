import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../constants.js';

/** Paging query of every list (ARCHITECTURE.md conventions): page from 1, page_size one of spec §9's options. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), {
      message: `page_size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`,
    })
    .default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Builds the `{ items, page, page_size, pages, total }` answer schema for an item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    page_size: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  });
}
