import type { Readable } from 'node:stream';
import { IMPORT_ERROR_CODES } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import { CsvError, parse } from 'csv-parse';
import type { FileStorage } from '../../platform/storage/file-storage.ts';

/** A record longer than this is refused (a quote left open would otherwise swallow the file). */
const MAX_RECORD_BYTES = 2 * 1024 * 1024;
export const MAX_COLUMNS = 500;
export const PREVIEW_ROWS = 5;
const DELIMITERS = [',', ';', '\t', '|'] as const;

const invalid = (message: string) => new AppError('bad_request', message, IMPORT_ERROR_CODES.fileInvalid);

/**
 * The delimiter of the first line: the candidate found most often outside quotes (commas unless
 * another is clearly the one: European spreadsheets write semicolons).
 */
export function sniffDelimiter(sample: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of sample) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, n] of counts) if (n > counts.get(best)!) best = delimiter;
  return best;
}

/** One record of the file: its number (the header is row 1) and its cells. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * The file's records, one at a time as the stream delivers them (the parser pauses the file while
 * the consumer works): memory holds one chunk and one record, whatever the file's size. Rows whose
 * cells are all empty are skipped (spreadsheets pad their exports with them).
 */
export async function* readRecords(source: Readable, delimiter: string): AsyncGenerator<CsvRecord> {
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  source.on('error', (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      yield { row, cells: record };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw invalid(`The file is not a valid CSV near row ${row + 1}: ${error.message}`);
    throw error;
  } finally {
    // A consumer that stops early (or throws) must not leave the file open.
    source.destroy();
  }
}

/** What an upload is checked for and shows before its mapping: the header, the first rows, the count. */
export interface CsvSummary {
  delimiter: string;
  header: string[];
  preview: string[][];
  totalRows: number;
}

/** Reads a stored file through once: refuses what is no CSV text, else sums it up. */
export async function summariseCsv(storage: FileStorage, key: string): Promise<CsvSummary> {
  const head = await readHead(storage, key, 64 * 1024);
  if (head.length === 0) throw invalid('The file is empty');
  if (head.includes(0))
    throw invalid('The file is not a CSV text in UTF-8 (it has binary content): save it as "CSV UTF-8"');
  const delimiter = sniffDelimiter(head.toString('utf8'));
  let header: string[] | undefined;
  const preview: string[][] = [];
  let totalRows = 0;
  for await (const { cells } of readRecords(await storage.getStream(key), delimiter)) {
    if (!header) {
      header = cells.map((cell) => cell.trim());
      if (header.length > MAX_COLUMNS) throw invalid(`The file has more than ${MAX_COLUMNS} columns`);
      continue;
    }
    totalRows += 1;
    if (preview.length < PREVIEW_ROWS) preview.push(cells.slice(0, header.length));
  }
  if (!header || header.every((h) => h === '')) throw invalid('The file has no header row');
  return { delimiter, header, preview, totalRows };
}

async function readHead(storage: FileStorage, key: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = await storage.getStream(key);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}
