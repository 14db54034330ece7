/** The portal's (web) version, shown on /about. Kept equal to portal/package.json by a test. */
export const WEB_VERSION = '1.3.5';
