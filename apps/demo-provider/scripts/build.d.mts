/** Bundles the demo provider; returns the bundle's path. */
export function buildDemo(options?: { outfile?: string; entry?: string }): Promise<string>;
/** Writes the startup snapshot the bin/ launcher starts from (dist/provider.blob); returns its path. */
export function buildDemoSnapshot(options?: { dir?: string; entry?: string }): Promise<string>;
/** The directory holding the executable `terraform-provider-demo`. */
export const binDir: string;
