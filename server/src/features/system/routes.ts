import { Routes } from '../../http/router.js';
import type { Config } from '@tessera/sdk';
import { BIOREQ_TYPES } from '@tessera/sdk/rules';
import type { ServerConfig } from '../../config.js';
import type { AppServices } from '../../context.js';
import { API_VERSION } from '../../version.js';

/**
 * Upload limits (configured: UPLOAD_SIZE_*, IMAGE_MIN_SIZE, see config.ts) and bioreq document types. Sizes are
 * in KB (1 KB = 1000 bytes), as documented in openapi/components/schemas/Config.yaml; the media and bioreq
 * features enforce the same numbers.
 */
function appConfigOf(config: ServerConfig): Config {
  return { image: config.media.limits.image, bioreq_types: [...BIOREQ_TYPES], file_sizes: config.media.limits.file_sizes };
}

export function routes({ config }: AppServices): Routes {
  const appConfig = appConfigOf(config);
  const router = new Routes();
  router.get('/version', (ctx) => {
    ctx.body = { data: { version: API_VERSION } };
  });
  router.get('/config', (ctx) => {
    ctx.body = { data: appConfig };
  });
  return router;
}
