import type ExcelJS from 'exceljs';

/**
 * A new, empty exceljs workbook. exceljs (~20 MB resident) is loaded on the first export or import,
 * not when the server starts (decision 0143, idle memory).
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: Excel } = await import('exceljs');
  return new Excel.Workbook();
}

/** A spreadsheet ready to send: its bytes, a file name and its media type. */
export interface SpreadsheetFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/**
 * Writes an exceljs workbook as .xlsx or as CSV (its first sheet, UTF-8 with a byte-order mark so
 * spreadsheet programs read non-ASCII names correctly), named `name` with characters file systems
 * refuse replaced by spaces.
 */
export async function spreadsheetFile(book: ExcelJS.Workbook, name: string, format: 'csv' | 'xlsx'): Promise<SpreadsheetFile> {
  const base = name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'export';
  if (format === 'csv') {
    const csv = Buffer.from(await book.csv.writeBuffer());
    return { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv]), fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8' };
  }
  return {
    bytes: Buffer.from(await book.xlsx.writeBuffer()),
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
