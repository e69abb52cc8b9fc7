import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.js';

/** One enrolment as the campus system publishes it, with its CSV line (the header is line 1). */
export interface SourceEnrolment {
  line: number;
  courseCode: string;
  userNo: string;
  /** As written (trimmed, lower case); '' when the column is absent or empty. */
  role: string;
}

/** An enrolment source (issue 24 item 4: "one small interface each"): reads every enrolment the campus system publishes. */
export interface EnrolmentSource {
  read(): Promise<SourceEnrolment[]>;
}

/** How long the campus system may take to send its CSV, ms. */
const FETCH_TIMEOUT_MS = 15_000;
/** The most a CSV may weigh, bytes (about 200,000 rows). */
const MAX_BYTES = 10 * 1024 * 1024;

const failed = (message: string) => AppError.field('url', message, 'CONNECTOR_SOURCE_FAILED');

/**
 * Parses the campus CSV (RFC 4180, UTF-8, a BOM allowed): a header naming `course_code`, `user_no` and optionally
 * `role` (any case, any order, other columns ignored). Throws CONNECTOR_SOURCE_FAILED naming `url` for what is not
 * CSV or lacks a required column.
 */
export function parseEnrolmentCsv(text: string): SourceEnrolment[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw failed(`The campus system's file is not CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = { course: columns.indexOf('course_code'), user: columns.indexOf('user_no'), role: columns.indexOf('role') };
  if (at.course < 0 || at.user < 0) throw failed('The campus system’s file has no course_code and user_no columns in its first row');
  return rows.map((row, index) => ({
    line: index + 2,
    courseCode: row[at.course] ?? '',
    userNo: row[at.user] ?? '',
    role: at.role < 0 ? '' : (row[at.role] ?? '').toLowerCase(),
  }));
}

/**
 * The CSV at `url` over HTTP(S), with `Authorization: Bearer {token}` when a token is set: 15 s at most, 10 MiB at
 * most. Throws CONNECTOR_SOURCE_FAILED naming `url` when it does not answer, answers other than 2xx, or sends more.
 */
export function httpCsvSource(url: string, token: string | null): EnrolmentSource {
  return {
    async read() {
      let response: Response;
      try {
        response = await fetch(url, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
          redirect: 'follow',
        });
      } catch (error) {
        throw failed(`The campus system at ${new URL(url).host} did not answer: ${(error as Error).message}`);
      }
      if (!response.ok) throw failed(`The campus system at ${new URL(url).host} answered ${response.status}`);
      const length = Number(response.headers.get('content-length') ?? 0);
      if (length > MAX_BYTES) throw failed(`The campus system's file is larger than ${MAX_BYTES} bytes`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_BYTES) throw failed(`The campus system's file is larger than ${MAX_BYTES} bytes`);
      return parseEnrolmentCsv(new TextDecoder('utf-8').decode(bytes));
    },
  };
}
