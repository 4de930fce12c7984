import { useEffect, useRef, useState } from 'react';
import { photoId } from '#shared/images';
import { ApiError } from '../../lib/api';
import { uploadImage, uploadStatus } from './adminApi';
import { fitPhoto, needsFitting, UnreadablePhotoError } from './fitPhoto';

/** How often and how long the page asks whether the photo is ready (a phone photo takes a few seconds). */
const POLL_MS = 1000;
const GIVE_UP_MS = 120_000;

type Stage =
  | { at: 'idle' }
  | { at: 'fitting' }
  | { at: 'uploading'; percent: number }
  | { at: 'preparing' }
  | { at: 'ready'; preview: string }
  | { at: 'failed'; message: string; retry?: false };

/**
 * Picks an image, makes it fit the upload limit when it does not (fitPhoto.ts), uploads it at once (progress bar,
 * retry on failure), then waits for the image pipeline:
 * "Preparing the photo…" until its variants exist, then "Ready" with a preview. Only a ready photo is reported
 * (`onChange` with its /images/products/<id> path), so a product is never saved with a photo still in the works.
 */
export function ImageInput({
  label,
  value,
  onChange,
  required,
  onBusy,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  required?: boolean;
  /** Told whether a photo is on its way (being made smaller, uploaded or prepared), so a form can wait for it. */
  onBusy?: (busy: boolean) => void;
}) {
  const [stage, setStage] = useState<Stage>({ at: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const attempt = useRef(0);
  useEffect(() => () => void (attempt.current += 1), []);
  const busy = stage.at === 'fitting' || stage.at === 'uploading' || stage.at === 'preparing';
  useEffect(() => onBusy?.(busy), [busy, onBusy]);

  async function waitUntilReady(url: string, mine: number) {
    const id = photoId(url)!;
    const until = Date.now() + GIVE_UP_MS;
    while (attempt.current === mine) {
      const status = await uploadStatus(id);
      if (attempt.current !== mine) return;
      if (status.status === 'ready') {
        setStage({ at: 'ready', preview: status.preview });
        return onChange(url);
      }
      if (status.status === 'failed') return setStage({ at: 'failed', message: status.reason });
      if (Date.now() > until)
        return setStage({ at: 'failed', message: 'The photo is taking too long to prepare. Try again.' });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async function send(chosen: File) {
    const mine = ++attempt.current;
    setFile(chosen);
    setStage(needsFitting(chosen) ? { at: 'fitting' } : { at: 'uploading', percent: 0 });
    try {
      // A photo over the upload limit (or a HEIC) is made to fit first (fitPhoto.ts); one that fits goes as it is.
      const fitted = await fitPhoto(chosen);
      if (attempt.current !== mine) return;
      setStage({ at: 'uploading', percent: 0 });
      const url = await uploadImage(
        fitted,
        (percent) => attempt.current === mine && setStage({ at: 'uploading', percent }),
      );
      if (attempt.current !== mine) return;
      setStage({ at: 'preparing' });
      await waitUntilReady(url, mine);
    } catch (failure) {
      if (attempt.current !== mine) return;
      // The same unreadable file would fail again: the message says what to do instead of offering a retry.
      if (failure instanceof UnreadablePhotoError)
        return setStage({ at: 'failed', message: failure.message, retry: false });
      setStage({
        at: 'failed',
        message: failure instanceof ApiError || failure instanceof Error ? failure.message : 'Upload failed',
      });
    }
  }

  return (
    <div className="image-input">
      <label>
        {label}
        {required ? ' (required)' : ''}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif"
          onChange={(e) => e.target.files?.[0] && void send(e.target.files[0])}
        />
      </label>
      {stage.at === 'uploading' && stage.percent < 100 && (
        <progress value={stage.percent} max={100} aria-label={`${label} upload`} />
      )}
      <p className="image-status" role="status">
        {stage.at === 'fitting'
          ? 'Making the photo smaller for upload…'
          : stage.at === 'uploading'
            ? 'Uploading…'
            : stage.at === 'preparing'
              ? 'Preparing the photo (sizes for phones and desktops)…'
              : stage.at === 'ready' && value
                ? 'Ready'
                : ''}
      </p>
      {stage.at === 'failed' && (
        <p className="error" role="alert">
          {stage.message}{' '}
          {file && stage.retry !== false && (
            <button type="button" className="link" onClick={() => void send(file)}>
              Retry
            </button>
          )}
        </p>
      )}
      {value && stage.at === 'ready' && <img src={stage.preview} alt={`${label} preview`} width="80" height="60" />}
    </div>
  );
}
