import Router from '@koa/router';
import type { AppConfig } from '@tessera/sdk';
import { API_VERSION } from '../../version.js';

/**
 * Upload limits and bioreq document types. Sizes are in KB (1 KB = 1000 bytes), as documented in
 * openapi/components/schemas/Config.yaml; the media and bioreq features enforce the same numbers.
 */
export const APP_CONFIG: AppConfig = {
  image: { min_width: 800, min_height: 450 },
  bioreq_types: ['image/jpeg', 'image/png', 'application/pdf', 'video/mp4', 'audio/mpeg', 'audio/wav'],
  file_sizes: {
    image: { min_size: 1, max_size: 10_000 },
    thumbnail: { min_size: 1, max_size: 5_000 },
    pdf: { min_size: 1, max_size: 50_000 },
    video: { min_size: 10, max_size: 2_000_000 },
    audio: { min_size: 1, max_size: 200_000 },
  },
};

export function systemRoutes(): Router {
  const router = new Router();
  router.get('/version', (ctx) => {
    ctx.body = { data: { version: API_VERSION } };
  });
  router.get('/config', (ctx) => {
    ctx.body = { data: APP_CONFIG };
  });
  return router;
}
