import sharp from '../lib/sharp';
import { MediaType } from '@skillroom/contract';
import type { AppContext } from '../context';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { mediaRepository } from '../modules/media/media.repository';
import { translator } from '../modules/translations/translations.service';
import { actionKey, CATALOGUE_SKILLS, skillIconSvg, skillKey } from './catalogue-skills-data';

const THUMB = 128;

/**
 * Ensures the catalogue's learning skills exist with their actions and SVG icons (media type 33). Safe at every
 * start and from several instances at once; skills new to the platform reach every existing class. Returns how many it added.
 */
export async function seedLearningSkills(ctx: Pick<AppContext, 'db' | 'files'>): Promise<number> {
  const have = async () => new Set((await learningSkillsRepository.catalogue(ctx.db)).map((s) => s.translationKey));
  const known = await have();
  if (CATALOGUE_SKILLS.every((s) => known.has(skillKey(s.key)))) return 0;
  const en = translator('en');
  return ctx.db.transaction(async (tx) => {
    await mediaRepository.lockCatalogue(tx);
    const present = new Set((await learningSkillsRepository.catalogue(tx)).map((s) => s.translationKey));
    const added: number[] = [];
    for (const s of CATALOGUE_SKILLS.filter((c) => !present.has(skillKey(c.key)))) {
      const svg = Buffer.from(skillIconSvg(s));
      const fileName = `skill-${s.key}.svg`;
      const storageKey = `catalogue/${fileName}`;
      const thumbKey = `catalogue/thumb/skill-${s.key}.webp`;
      await ctx.files.put(storageKey, svg, 'image/svg+xml');
      await ctx.files.put(thumbKey, await sharp(svg).resize(THUMB, THUMB).webp({ quality: 90 }).toBuffer(), 'image/webp');
      const icon = await mediaRepository.insert(tx, {
        fileName,
        fileOriginalName: fileName,
        mimeType: 'image/svg+xml',
        size: svg.length,
        fileDimensions: '256x256',
        mediaType: MediaType.LearningSkillIcon,
        storageKey,
        thumbKey,
        uploaderId: null,
      });
      const id = await learningSkillsRepository.insert(tx, { name: en(skillKey(s.key)), translationKey: skillKey(s.key), colorCode: s.colorCode, avatarId: icon.id, isPublic: true, creatorId: null });
      for (const [position, a] of s.actions.entries()) {
        await learningSkillsRepository.insertAction(tx, { learningSkillId: id, name: en(actionKey(s.key, a)), translationKey: actionKey(s.key, a), position });
      }
      added.push(id);
    }
    await learningSkillsRepository.linkToAllClasses(tx, added);
    return added.length;
  });
}
