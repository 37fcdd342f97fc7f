import packageJson from "../package.json" with { type: "json" };

/**
 * The demo provider's version: its `package.json` version, which changesets moves on every
 * release. It is the provider's `metadata.version` and the version in its release file names.
 * @category constructors
 */
export const DEMO_PROVIDER_VERSION: string = packageJson.version;
