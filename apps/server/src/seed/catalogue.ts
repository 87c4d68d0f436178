import type { AppContext } from '../context';

/** Ensures the predefined catalogue media exist (filled in by the media module). */
export async function seedCatalogue(_ctx: AppContext): Promise<void> {}
