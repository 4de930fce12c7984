import { notFound } from '../../lib/errors';
import { presignDownload } from '../../lib/storage';
import type { Quote } from './quotes';

/** A one-minute download link of one artwork file of a quote (S3 answers it as an attachment: storage.ts). */
export async function artworkLink(quote: Quote, fileId: string): Promise<{ url: string }> {
  const file = quote.files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound('No file of this quote has this id.');
  return { url: await presignDownload(file.key, file.name) };
}
