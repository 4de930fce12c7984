import { useRef } from 'react';
import { ARTWORK_ACCEPT, fileSizeText, formatOfName, MAX_ARTWORK_BYTES, MAX_ARTWORK_FILES } from '#shared/quotes';
import { ApiError } from '../../lib/api';
import { MESSAGES } from '#shared/messages';
import { uploadArtwork, type Checked } from './quotesApi';

/** One file of the request as the form keeps it: being checked, checked (with the shop's id), or refused (why). */
export type Artwork =
  | { key: string; name: string; size: number; state: 'checking' }
  | { key: string; name: string; size: number; state: 'ready'; checked: Checked }
  | { key: string; name: string; size: number; state: 'refused'; why: string };

const MB = MAX_ARTWORK_BYTES / (1024 * 1024);

/** Why a file is refused before it is sent (the shop checks its bytes again), or null. */
function refusalOf(file: File, count: number): string | null {
  if (count >= MAX_ARTWORK_FILES) return `“${file.name}”: at most ${MAX_ARTWORK_FILES} files per request.`;
  if (!formatOfName(file.name)) return `“${file.name}”: please send PNG, JPEG, PDF, SVG, AI, EPS or ZIP files.`;
  if (file.size > MAX_ARTWORK_BYTES) return `“${file.name}” is larger than ${MB} MB. Please send a smaller file.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}

/**
 * The request's artwork (issue 37): up to 5 files of the formats designers send, each uploaded straight to the
 * shop's private storage and checked there (its type read from its bytes); the form waits for every verdict. A
 * refused file says why and is left out; PNG and JPEG show the shop's small preview, others an icon with the name.
 */
export function ArtworkPicker({
  files,
  onChange,
}: {
  files: Artwork[];
  onChange: (change: (files: Artwork[]) => Artwork[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  function add(chosen: FileList | null) {
    let count = files.filter((file) => file.state !== 'refused').length;
    for (const file of Array.from(chosen ?? [])) {
      const key = crypto.randomUUID();
      const why = refusalOf(file, count);
      const base = { key, name: file.name, size: file.size };
      if (why) {
        onChange((list) => [...list, { ...base, state: 'refused', why }]);
        continue;
      }
      count++;
      onChange((list) => [...list, { ...base, state: 'checking' }]);
      uploadArtwork(file, formatOfName(file.name)!)
        .then((checked) =>
          onChange((list) => list.map((item) => (item.key === key ? { ...base, state: 'ready', checked } : item))),
        )
        .catch((error: unknown) => {
          const text = error instanceof ApiError ? error.message : MESSAGES.serverError;
          onChange((list) => list.map((item) => (item.key === key ? { ...base, state: 'refused', why: text } : item)));
        });
    }
    if (input.current) input.current.value = '';
  }
  const kept = files.filter((file) => file.state !== 'refused').length;
  return (
    <div className="field artwork">
      <label htmlFor="quote-files">Artwork (optional)</label>
      {/* The browser's own control said "No file chosen" beside the files listed below (it is emptied after each
          choice, so the same file can be chosen again): it is hidden, and its button and what is chosen are the
          shop's (issue 50 item 11). The input keeps the focus and the keyboard; the label opens the picker. */}
      <div className="file-choice">
        <input
          ref={input}
          id="quote-files"
          name="files"
          type="file"
          multiple
          accept={ARTWORK_ACCEPT}
          className="visually-hidden file-input"
          aria-describedby="quote-files-chosen quote-files-hint"
          onChange={(event) => add(event.target.files)}
        />
        <label htmlFor="quote-files" className="button secondary small" aria-hidden="true">
          {kept ? 'Add more files' : 'Choose files'}
        </label>
        <span className="muted" id="quote-files-chosen">
          {kept === 0 ? 'No files yet' : kept === 1 ? '1 file added' : `${kept} files added`}
        </span>
      </div>
      <span className="muted" id="quote-files-hint">
        Up to {MAX_ARTWORK_FILES} files: PNG, JPEG, PDF, SVG, AI, EPS or ZIP, {MB} MB each. Only we see them.
      </span>
      {files.length > 0 && (
        <ul className="artwork-list" aria-label="Your files">
          {files.map((file) => (
            <li key={file.key} className={`artwork-item ${file.state}`}>
              {file.state === 'ready' && file.checked.preview ? (
                <img src={file.checked.preview} alt="" width={48} height={48} />
              ) : (
                <span className="file-icon" aria-hidden="true">
                  {(formatOfName(file.name) ?? 'file').toUpperCase()}
                </span>
              )}
              <span className="artwork-name">
                {file.name} <span className="muted">{fileSizeText(file.size)}</span>
                <span
                  className={file.state === 'refused' ? 'error' : 'muted'}
                  role={file.state === 'refused' ? 'alert' : undefined}
                >
                  {file.state === 'checking' ? ' Checking…' : file.state === 'ready' ? ' Ready' : ` ${file.why}`}
                </span>
              </span>
              <button
                type="button"
                className="link"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange((list) => list.filter((item) => item.key !== file.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
