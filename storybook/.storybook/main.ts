import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions, mergeConfig } from 'vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // No telemetry, no crash reports, no "what's new" fetches: the build must work offline.
  core: { disableTelemetry: true, enableCrashReports: false, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      // The workspace packages are read from their sources: no SDK or widgets build is needed first.
      resolve: { conditions: ['tessera-source', ...defaultClientConditions] },
    });
  },
};

export default config;
