/** Bundles the demo provider; returns the bundle's path. */
export function buildDemo(options?: { outfile?: string }): Promise<string>;
/** The directory holding the executable `terraform-provider-demo`. */
export const binDir: string;
