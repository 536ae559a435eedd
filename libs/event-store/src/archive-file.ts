/**
 * A month's archive file on disk, read as a stream (a month of a casino is millions of events, more than a
 * string can hold): a first reading checks its form, keeps its seals, its closing seal and its sha256; each
 * check then reads its events again (`ArchiveSource.events`). The sha256 written beside it
 * (`<file>.sha256`, `sha256sum`'s form) is compared with the file's own.
 */
import { createHash, type Hash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { because } from '../../i18n/src/reasons';
import { ArchiveFileError, ArchiveReader } from './archive';
import type { ArchiveSource } from './archive-check';
import type { StoredEvent } from './port';
import { SEAL_STREAM } from './seal';

/** The sha256 written beside an archive, and the file's own. */
export interface ArchiveDigest {
  /** the file that holds the expected sum (`<file>.sha256`) */
  readonly file: string;
  /** what it says; null when there is no such file */
  readonly expected: string | null;
  readonly actual: string;
  /** null when there was nothing to compare with */
  readonly ok: boolean | null;
}

export interface ArchiveFile extends ArchiveSource {
  readonly file: string;
  readonly sha256: ArchiveDigest;
}

/** The file's lines, numbered from 1, its bytes hashed as they are read. */
async function* linesOf(file: string, hash: Hash): AsyncGenerator<[string, number]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let line = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = parts.pop() ?? '';
    for (const text of parts) yield [text, ++line];
  }
  rest += decoder.end();
  if (rest.length) yield [rest, ++line];
}

/** `<file>.sha256` as `sha256sum` writes it (`<hex>  <name>`): its sum, or null when there is none. */
function expectedSum(file: string): string | null {
  const sumFile = `${file}.sha256`;
  if (!fs.existsSync(sumFile)) return null;
  const first = fs.readFileSync(sumFile, 'utf8').trim().split(/\s+/)[0] ?? '';
  return first.toLowerCase();
}

/**
 * Open an archive file: read it once whole, refusing (ArchiveFileError) what is not a whole archive, and
 * keep what the checks need first. Its events are read again, from the file, at each `events()`; a file
 * changed between two readings is refused.
 */
export async function openArchiveFile(file: string): Promise<ArchiveFile> {
  const reader = new ArchiveReader();
  const seals: StoredEvent[] = [];
  const hash = createHash('sha256');
  for await (const [text, line] of linesOf(file, hash)) {
    const e = reader.line(text, line);
    if (e?.streamId === SEAL_STREAM) seals.push(e);
  }
  const { manifest, closingSeal } = reader.end();
  const actual = hash.digest('hex');
  const expected = expectedSum(file);
  const sha256: ArchiveDigest = { file: `${path.basename(file)}.sha256`, expected, actual, ok: expected === null ? null : expected === actual };
  async function* events(): AsyncGenerator<StoredEvent> {
    const again = new ArchiveReader();
    const rehash = createHash('sha256');
    for await (const [text, line] of linesOf(file, rehash)) {
      const e = again.line(text, line);
      if (e) yield e;
    }
    again.end();
    if (rehash.digest('hex') !== actual) throw new ArchiveFileError(because('archive.changedWhileRead'));
  }
  return { file, sha256, manifest, seals, closingSeal, events };
}
