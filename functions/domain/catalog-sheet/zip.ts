import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { SHEET_LIMITS, SHEET_REFUSALS } from '#shared/catalog-sheet';

/** The photos of a zip sent beside a spreadsheet: their names (folders and the Mac's own files left out), and each read. */
export interface PhotoZip {
  names: readonly string[];
  /** The bytes of one file, inflated within the limits (a zip that lies about a size is refused as it inflates). */
  read(name: string): Promise<Buffer>;
}

/** A zip refused as a whole (damaged, too many files, a bomb): nothing of it is read. */
export class ZipRefusal extends Error {}

const open = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      // Entries one at a time; every inflated size checked against the one declared (a lying header fails).
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (error, zip) => (error ? reject(new ZipRefusal(SHEET_REFUSALS.zipUnreadable)) : resolve(zip)),
    ),
  );

/** Whether an entry is a photo candidate: not a folder, not macOS's resource forks or a hidden file. */
const isFile = (name: string) => !name.endsWith('/') && !name.startsWith('__MACOSX/') && !/(^|\/)\./.test(name);

/**
 * Opens a zip of photos with yauzl (issue 55 item 4; docs/decisions/0151), refusing before anything is inflated one
 * with more than 2,000 files, a file declared larger than a photo may be, one that would inflate more than 100 times
 * its packed size, more than 1 GB in all, or an encrypted one; while a file inflates, more bytes than declared (or than
 * a photo may be) refuse it too. A refusal is a ZipRefusal with the owner's words.
 */
export async function openPhotoZip(bytes: Buffer): Promise<PhotoZip> {
  if (bytes.length > SHEET_LIMITS.zipBytes) throw new ZipRefusal(SHEET_REFUSALS.zipTooLarge);
  const zip = await open(bytes);
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    let total = 0;
    let count = 0;
    zip.on('error', () => reject(new ZipRefusal(SHEET_REFUSALS.zipUnreadable)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      count += 1;
      total += entry.uncompressedSize;
      const name = entry.fileName;
      if (count > SHEET_LIMITS.zipEntries) return reject(new ZipRefusal(SHEET_REFUSALS.zipTooMany));
      if (total > SHEET_LIMITS.zipTotalBytes) return reject(new ZipRefusal(SHEET_REFUSALS.zipTotal));
      const inflates = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (
        entry.uncompressedSize > SHEET_LIMITS.zipEntryBytes ||
        (entry.uncompressedSize > 1024 && inflates > SHEET_LIMITS.zipRatio)
      )
        return reject(new ZipRefusal(SHEET_REFUSALS.zipBomb(name)));
      if (entry.isEncrypted()) return reject(new ZipRefusal(SHEET_REFUSALS.zipUnreadable));
      if (isFile(name)) entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });

  const read = (name: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const entry = entries.get(name);
      if (!entry) return reject(new Error(`No file ${name} in the zip`));
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(new ZipRefusal(SHEET_REFUSALS.zipUnreadable));
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > SHEET_LIMITS.zipEntryBytes) stream.destroy(new ZipRefusal(SHEET_REFUSALS.zipBomb(name)));
          else chunks.push(chunk);
        });
        // yauzl's own check: more (or fewer) bytes than the entry declared.
        stream.on('error', (failure: Error) =>
          reject(
            failure instanceof ZipRefusal
              ? failure
              : new ZipRefusal(
                  /bytes/i.test(failure.message) ? SHEET_REFUSALS.zipBomb(name) : SHEET_REFUSALS.zipUnreadable,
                ),
          ),
        );
        stream.on('end', () => resolve(Buffer.concat(chunks)));
      });
    });
  return { names: [...entries.keys()], read };
}
