import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { uploadImage } from './adminApi';

/** Picks an image and uploads it at once (progress bar, retry on failure); reports the /images/... path. */
export function ImageInput({ label, value, onChange, required }: { label: string; value: string; onChange(url: string): void; required?: boolean }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [file, setFile] = useState<File | null>(null);

  async function send(chosen: File) {
    setFile(chosen);
    setError('');
    setProgress(0);
    try {
      onChange(await uploadImage(chosen, setProgress));
    } catch (failure) {
      setError(failure instanceof ApiError || failure instanceof Error ? failure.message : 'Upload failed');
      setProgress(null);
    }
  }

  return (
    <div className="image-input">
      <label>
        {label}
        {required ? ' (required)' : ''}
        <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(e) => e.target.files?.[0] && void send(e.target.files[0])} />
      </label>
      {progress !== null && progress < 100 && <progress value={progress} max={100} aria-label={`${label} upload`} />}
      {error && (
        <p className="error" role="alert">
          {error}{' '}
          {file && (
            <button type="button" className="link" onClick={() => void send(file)}>
              Retry
            </button>
          )}
        </p>
      )}
      {value && <img src={value} alt={`${label} preview`} width="80" height="80" />}
    </div>
  );
}
