/** The version of this package, which a test keeps equal to package.json's. */
export const SERVER_VERSION = '0.1.0';
