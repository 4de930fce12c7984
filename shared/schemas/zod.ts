import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * The one zod every schema, handler and page uses: zod/mini (the same validation with a functional API, a
 * fraction of the code in every Lambda bundle and page: docs/decisions/0021) with zod's English messages for
 * the cases a schema does not word itself. Import it as a namespace, `import * as z from '.../schemas/zod'`:
 * bundlers then keep only what is used (a re-exported namespace object would keep all of zod).
 */
config(en());

export * from 'zod/mini';
