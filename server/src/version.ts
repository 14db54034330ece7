import packageJson from '../package.json' with { type: 'json' };

/** The API version is the server package's version. */
export const API_VERSION: string = packageJson.version;
