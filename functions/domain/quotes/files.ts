import { downloadName } from '#shared/quotes';
import { notFound } from '../../lib/errors';
import { presignDownload } from '../../lib/storage';
import type { Quote } from './quotes';

/**
 * A one-minute download link of one artwork file of a quote (S3 answers it as an attachment: storage.ts). Its name is
 * the one it was sent with, with the extension of the format its bytes were checked as (downloadName, decision 0138).
 */
export async function artworkLink(quote: Quote, fileId: string): Promise<{ url: string }> {
  const file = quote.files.find((candidate) => candidate.id === fileId);
  if (!file) throw notFound('No file of this quote has this id.');
  return { url: await presignDownload(file.key, downloadName(file.name, file.format)) };
}
