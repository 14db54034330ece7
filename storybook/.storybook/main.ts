import type { StorybookConfig } from '@storybook/react-vite';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, mergeConfig } from 'vite';

// The portal is an app, not a package (ARCHITECTURE.md#layers-and-dependencies: nothing imports the portal), yet Storybook must show its
// shared ui, lists and forms: the stories reach its sources by path through this alias (and the tsconfig
// path of the same name) instead of a package dependency.
const PORTAL_SOURCES = fileURLToPath(new URL('../../portal/src', import.meta.url));

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // No telemetry, no crash reports, no "what's new" fetches: the build must work offline.
  core: { disableTelemetry: true, enableCrashReports: false, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      // The workspace packages are read from their sources: no SDK or widgets build is needed first.
      resolve: { conditions: ['tessera-source', ...defaultClientConditions], alias: { '@portal': PORTAL_SOURCES } },
    });
  },
};

export default config;
