import { PassThrough, pipeline, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MB } from '../../shared/uploadPurposes.js';

/** How far a zip of letters may go (spec: file count, total unpacked size, ratio, no nesting, no path escapes). */
export const ZIP_LIMITS = {
  entries: 200,
  totalBytes: 500 * MB,
  entryBytes: 100 * MB,
  /** Unpacked size over packed size, per entry and over the whole archive. */
  ratio: 100,
};

/** A zip refused as a whole; the message says why. */
export class ZipRefused extends Error {}

export const ZIP_CORRUPT = '压缩包已损坏或不是 zip 格式，无法解压';
export const ZIP_EMPTY = '压缩包中没有官文文件';
export const ZIP_ENCRYPTED = '压缩包已加密，请上传未加密的 zip 文件';
const NESTED = /\.(zip|rar|7z|tar|gz|tgz|bz2|xz|jar)$/i;

/** One file of the zip, named by its last path segment. */
export interface ZipLetter {
  /** The path in the archive, for messages. */
  entryPath: string;
  fileName: string;
  size: number;
  open: () => Promise<Readable>;
}

/** Names written by Windows without the UTF-8 flag are GBK, as Chinese zips usually are. */
function entryName(raw: Buffer, utf8: boolean): string {
  if (utf8) return raw.toString('utf8');
  try {
    return new TextDecoder('gbk', { fatal: true }).decode(raw);
  } catch {
    return raw.toString('latin1');
  }
}

/** Why a path in the archive is refused: one that would leave the folder it is unpacked in. */
export function escapingPath(path: string): boolean {
  const parts = path.replace(/\\/g, '/').split('/');
  return path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path) || parts.some((p) => p === '..') || path.includes('\0');
}

/**
 * Reads a zip's directory and checks its bounds before a byte is unpacked: the number of files,
 * their declared sizes and ratios, no archive inside, no path leaving the folder. What each file
 * really unpacks to is checked again while it is read (yauzl stops at a size that lies).
 */
export function openLetterZip(bytes: Buffer): Promise<{ letters: ZipLetter[]; close: () => void }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new ZipRefused(ZIP_CORRUPT));
      const letters: ZipLetter[] = [];
      let total = 0;
      let packed = 0;
      let count = 0;
      const refuse = (message: string) => {
        zip.close();
        reject(new ZipRefused(message));
      };
      zip.on('error', () => refuse(ZIP_CORRUPT));
      zip.on('entry', (entry: yauzl.Entry) => {
        const path = entryName(entry.fileName as unknown as Buffer, (entry.generalPurposeBitFlag & 0x800) !== 0);
        if (escapingPath(path)) return refuse(`压缩包中的文件路径“${path}”不安全（不得包含 ../ 或绝对路径），已拒绝`);
        const isFolder = path.endsWith('/');
        const fileName = path.split('/').filter(Boolean).pop() ?? '';
        // Folders and the resource forks macOS adds are not letters.
        if (isFolder || path.startsWith('__MACOSX/') || fileName.startsWith('.')) return zip.readEntry();
        if (NESTED.test(fileName)) return refuse(`压缩包中不能再包含压缩包（${path}），请解压后上传`);
        if ((entry.generalPurposeBitFlag & 0x1) !== 0) return refuse(ZIP_ENCRYPTED);
        count += 1;
        if (count > ZIP_LIMITS.entries) return refuse(`压缩包中的文件不能超过 ${ZIP_LIMITS.entries} 个`);
        if (entry.uncompressedSize > ZIP_LIMITS.entryBytes) return refuse(`压缩包中的文件“${path}”解压后超过 100MB`);
        total += entry.uncompressedSize;
        packed += entry.compressedSize;
        if (total > ZIP_LIMITS.totalBytes) return refuse(`压缩包解压后合计不能超过 ${ZIP_LIMITS.totalBytes / MB}MB`);
        if (entry.uncompressedSize > MB && entry.uncompressedSize > Math.max(entry.compressedSize, 1) * ZIP_LIMITS.ratio) {
          return refuse(`压缩包中的文件“${path}”压缩比异常（超过 ${ZIP_LIMITS.ratio} 倍），疑似压缩炸弹，已拒绝`);
        }
        letters.push({
          entryPath: path,
          fileName,
          size: entry.uncompressedSize,
          open: () =>
            new Promise<Readable>((res, rej) =>
              zip.openReadStream(entry, (e, stream) => {
                if (e || !stream) return rej(new ZipRefused(ZIP_CORRUPT));
                // yauzl emits a broken entry's inflate error a tick later, perhaps before the reader listens. Carried into
                // `out` as the reason it was destroyed, the error waits for the reader however late it comes, and stops no process.
                const out = new PassThrough();
                out.on('error', () => undefined);
                pipeline(stream, out, () => undefined);
                res(out);
              }),
            ),
        });
        zip.readEntry();
      });
      zip.on('end', () => {
        if (total > MB && total > Math.max(packed, 1) * ZIP_LIMITS.ratio)
          return refuse(`压缩包压缩比异常（超过 ${ZIP_LIMITS.ratio} 倍），疑似压缩炸弹，已拒绝`);
        if (letters.length === 0) return refuse(ZIP_EMPTY);
        resolve({ letters, close: () => zip.close() });
      });
      zip.readEntry();
    });
  });
}
