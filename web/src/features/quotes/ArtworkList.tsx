import { fileSizeText } from '#shared/quotes';
import { artworkHref, type QuoteView } from './quotesApi';

/**
 * The request's files: PNG and JPEG with the shop's small preview (a picture the shop made, not the file), others an
 * icon with the name; each a download (the shop answers it as an attachment, never shown in the page).
 */
export function ArtworkList({ quote, token }: { quote: QuoteView; token: string }) {
  if (!quote.files.length) return <p className="muted">No files sent.</p>;
  return (
    <ul className="artwork-list" aria-label="Your files">
      {quote.files.map((file) => (
        <li key={file.id} className="artwork-item">
          {file.preview ? (
            <img src={file.preview} alt="" width={48} height={48} />
          ) : (
            <span className="file-icon" aria-hidden="true">
              {file.format.toUpperCase()}
            </span>
          )}
          <span className="artwork-name">
            <a href={artworkHref(quote.quoteId, file.id, token)} download={file.name}>
              {file.name}
            </a>{' '}
            <span className="muted">{fileSizeText(file.size)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
