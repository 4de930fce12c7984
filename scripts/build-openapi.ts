import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiDescriptionFile } from '../shared/openapi';

/**
 * `npm run build:openapi [file]`: writes the API description (OpenAPI 3.1, from the route table) to `file`,
 * by default where the SPA build puts it (web/dist/api/openapi.json; `npm run build:web` writes it too).
 */
const { fileName, source } = apiDescriptionFile();
const file = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'web', 'dist', fileName));
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, source);
process.stdout.write(`API description written to ${path.relative(process.cwd(), file)}\n`);
