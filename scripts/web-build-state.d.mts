export const webDist: string;
export const stampName: string;
export function webSourcesHash(root?: string): string;
export function webBuildIsCurrent(root?: string): boolean;
