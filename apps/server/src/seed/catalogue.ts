import sharp from '../lib/sharp';
import { MediaType } from '@skillroom/contract';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { mediaRepository } from '../modules/media/media.repository';
import { ANIMALS } from './catalogue-animals';
import { CLASS_PICTURES, MOTIFS } from './catalogue-motifs';
import type { Art } from './catalogue-svg';

/** The predefined pictures, by media type; a set only ever grows, since classes and people point at its rows. */
const SETS: { mediaType: MediaType; prefix: string; art: Art[] }[] = [
  { mediaType: MediaType.PredefinedUserAvatar, prefix: 'user', art: MOTIFS },
  { mediaType: MediaType.PredefinedStudentAvatar, prefix: 'student', art: ANIMALS },
  // Class avatars have no catalogue type of their own: platform rows of type 31 without an uploader are the predefined set.
  { mediaType: MediaType.TeachingClassAvatar, prefix: 'class', art: CLASS_PICTURES },
];

const SIZE = 256;
const THUMB = 128;

const fileNameOf = (prefix: string, a: Art) => `${prefix}-${a.name}.webp`;

/** Pictures of the sets that have no row yet. */
async function missing(db: DbOrTx) {
  const out: { mediaType: MediaType; fileName: string; art: Art }[] = [];
  for (const set of SETS) {
    const have = await mediaRepository.platformFileNames(db, set.mediaType);
    for (const a of set.art) if (!have.has(fileNameOf(set.prefix, a))) out.push({ mediaType: set.mediaType, fileName: fileNameOf(set.prefix, a), art: a });
  }
  return out;
}

/**
 * Ensures the predefined catalogue media exist: drawn as SVG, rendered once to WebP with thumbnails, stored, and
 * recorded without an uploader. Safe to call at every start and from several instances at once. Returns how many it added.
 */
export async function seedCatalogue(ctx: Pick<AppContext, 'db' | 'files'>): Promise<number> {
  if (!(await missing(ctx.db)).length) return 0;
  return ctx.db.transaction(async (tx) => {
    // Another instance may be seeding too: the lock makes it wait, and the second look finds its work done.
    await mediaRepository.lockCatalogue(tx);
    const absent = await missing(tx);
    for (const m of absent) {
      const png = sharp(Buffer.from(m.art.svg)).resize(SIZE, SIZE);
      const data = await png.clone().webp({ quality: 90 }).toBuffer();
      const thumb = await png.clone().resize(THUMB, THUMB).webp({ quality: 85 }).toBuffer();
      const storageKey = `catalogue/${m.fileName}`;
      const thumbKey = `catalogue/thumb/${m.fileName}`;
      // Keys are fixed, so a file left by an attempt that failed later is simply written again.
      await ctx.files.put(storageKey, data, 'image/webp');
      await ctx.files.put(thumbKey, thumb, 'image/webp');
      await mediaRepository.insert(tx, {
        fileName: m.fileName,
        fileOriginalName: `${m.art.name}.webp`,
        mimeType: 'image/webp',
        size: data.length,
        fileDimensions: `${SIZE}x${SIZE}`,
        mediaType: m.mediaType,
        storageKey,
        thumbKey,
        uploaderId: null,
      });
    }
    return absent.length;
  });
}
