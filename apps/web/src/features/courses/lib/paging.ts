import { PAGE_SIZE_OPTIONS } from '@atrium/contracts';

/** Page and page size read from a URL query: page ≥ 1, page_size one of spec §9's options (default 10). */
export function readPaging(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('page_size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZE_OPTIONS[0],
  };
}
