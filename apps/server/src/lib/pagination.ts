/** The `{ items, page, page_size, pages, total }` answer of a paged list (ARCHITECTURE.md conventions). */
export function toPage<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, page, page_size: pageSize, pages: Math.max(1, Math.ceil(total / pageSize)), total };
}

/** Row offset of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
