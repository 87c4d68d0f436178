import sharp from '../lib/sharp';
import { GENERIC_STAGES, MediaType, type FrameworkKey } from '@skillroom/contract';
import type { StoredStage } from '../db/schema';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { mediaRepository } from '../modules/media/media.repository';
import { translator } from '../modules/translations/translations.service';
import { actionKey, CATALOGUE_SKILLS, skillIconSvg, skillKey, type CatalogueSkill } from './catalogue-skills-data';
import { FRAMEWORK_SKILLS } from './catalogue-frameworks-data';

const THUMB = 128;

/** Every skill the platform ships, with its framework (DESIGN §12): the catalogue's, then the frameworks' own. */
export const SHIPPED_SKILLS: { framework: FrameworkKey; skill: CatalogueSkill }[] = [
  ...CATALOGUE_SKILLS.map((skill) => ({ framework: 'skillroom' as const, skill })),
  ...Object.entries(FRAMEWORK_SKILLS).flatMap(([framework, skills]) =>
    skills.map((skill) => ({ framework: framework as FrameworkKey, skill })),
  ),
];

/** A shipped skill's four stages, stored with their English texts and the key of their translations. */
export function shippedStages(key: string): StoredStage[] {
  const en = translator('en');
  return GENERIC_STAGES.map((g) => {
    const k = `learning_stage.${key}.${g.key}`;
    return { points: g.points, name: en(`${k}.name`), description: en(`${k}.description`), key: k };
  });
}

type Row = Awaited<ReturnType<typeof learningSkillsRepository.catalogue>>[number];
// jsonb keeps no key order: stages are compared field by field.
const flat = (stages: StoredStage[]) => JSON.stringify(stages.map((x) => [x.points, x.name, x.description, x.key]));
const shippedAs = (row: Row | undefined, framework: FrameworkKey, key: string) =>
  row !== undefined && row.framework === framework && flat(row.stages) === flat(shippedStages(key));

/**
 * Ensures the catalogue's learning skills exist with their actions and SVG icons (media type 33). Safe at every
 * start and from several instances at once; skills new to the platform reach every existing class. Returns how many it added.
 */
export async function seedLearningSkills(ctx: Pick<AppContext, 'db' | 'files'>): Promise<number> {
  const byKey = async (db: DbOrTx) => new Map((await learningSkillsRepository.catalogue(db)).map((s) => [s.translationKey, s]));
  const known = await byKey(ctx.db);
  if (SHIPPED_SKILLS.every(({ framework, skill }) => shippedAs(known.get(skillKey(skill.key)), framework, skill.key))) return 0;
  const en = translator('en');
  return ctx.db.transaction(async (tx) => {
    await mediaRepository.lockCatalogue(tx);
    const present = await byKey(tx);
    // Skills shipped before their stages and framework were (DESIGN §12) are given them.
    for (const { framework, skill } of SHIPPED_SKILLS) {
      const row = present.get(skillKey(skill.key));
      if (row && !shippedAs(row, framework, skill.key))
        await learningSkillsRepository.update(tx, row.id, { framework, stages: shippedStages(skill.key) });
    }
    const added: number[] = [];
    for (const { framework, skill: s } of SHIPPED_SKILLS.filter((c) => !present.has(skillKey(c.skill.key)))) {
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
      const id = await learningSkillsRepository.insert(tx, {
        name: en(skillKey(s.key)),
        translationKey: skillKey(s.key),
        colorCode: s.colorCode,
        avatarId: icon.id,
        isPublic: true,
        creatorId: null,
        framework,
        stages: shippedStages(s.key),
      });
      for (const [position, a] of s.actions.entries()) {
        await learningSkillsRepository.insertAction(tx, {
          learningSkillId: id,
          name: en(actionKey(s.key, a)),
          translationKey: actionKey(s.key, a),
          position,
        });
      }
      // Only the catalogue reaches every class; a framework's skills wait until a class adopts it.
      if (framework === 'skillroom') added.push(id);
    }
    await learningSkillsRepository.linkToAllClasses(tx, added);
    return added.length;
  });
}
