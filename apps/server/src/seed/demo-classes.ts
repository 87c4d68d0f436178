import { MediaType } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { newInvitationCode } from '../lib/invitation-code';
import { educationLevelsRepository } from '../modules/education-levels/education-levels.repository';
import { learningSkillsRepository } from '../modules/learning-skills/learning-skills.repository';
import { mediaRepository } from '../modules/media/media.repository';
import { studentsRepository } from '../modules/students/students.repository';
import { subscriptionsRepository } from '../modules/subscriptions/subscriptions.repository';
import { teachingClassStudentsRepository } from '../modules/teaching-class-students/teaching-class-students.repository';
import { teachingClassesRepository } from '../modules/teaching-classes/teaching-classes.repository';

import { seedDemoRatings } from './demo-ratings';

export const DEMO_SUBSCRIPTION = 'Riverside Primary 2026';

type Name = [first: string, last: string];
const SUNFLOWERS: Name[] = [
  ['Ella', 'Taylor'],
  ['Amara', 'Okafor'],
  ['Liam', 'Chen'],
  ['Sofía', 'García'],
  ['Noah', 'Williams'],
  ['Aisha', 'Rahman'],
  ['Mateo', 'Rossi'],
  ['Yuki', 'Tanaka'],
  ['Zara', 'Ahmed'],
  ['Oliver', 'Kowalski'],
  ['Priya', 'Patel'],
];
const EXPLORERS: Name[] = [
  ['Ethan', 'Nguyen'],
  ['Leila', 'Haddad'],
  ['Lucas', 'Silva'],
  ['Mia', 'Johansson'],
  ['Kwame', 'Mensah'],
  ['Hana', 'Kim'],
  ['Diego', 'Hernández'],
  ['Chloé', 'Dubois'],
  ['Arjun', 'Singh'],
];
const INDIVIDUAL: Name[] = [['Tomás', 'Álvarez']];

export interface DemoUsers {
  teacher: number;
  coteacher: number;
  evaluator: number;
  parent: number;
  /** Ella Taylor's own student account (DESIGN §12). */
  student: number;
}

/** The demo school year: the one running now (September to July). */
function schoolYear(now = new Date()) {
  return now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/**
 * Demo classes (DESIGN §1): a subscription with an evaluator, three classes of the teacher (one finished, one
 * individual), the co-teacher in one, and students with predefined avatars (requests and links: demo-invitations.ts).
 */
export async function seedDemoClasses(tx: DbOrTx, u: DemoUsers, schoolId: number, files: FileStore | null = null) {
  const y = schoolYear();
  const subscriptionId = await subscriptionsRepository.insert(tx, {
    name: DEMO_SUBSCRIPTION,
    start: `${y}-08-01`,
    end: `${y + 1}-07-31`,
    canCreateIndividual: true,
    schoolId,
  });
  await subscriptionsRepository.addMember(tx, subscriptionId, u.teacher, 'teacher');
  await subscriptionsRepository.addMember(tx, subscriptionId, u.coteacher, 'teacher');
  await subscriptionsRepository.addMember(tx, subscriptionId, u.evaluator, 'evaluator');

  // The predefined catalogue is seeded first (main.ts); without it the demo simply has no avatars.
  const catalogue = async (mediaType: number) =>
    (await mediaRepository.list(tx, { mediaTypes: [mediaType], hasCreator: false, limit: 1000, offset: 0 })).rows.map((m) => m.id);
  const studentAvatars = await catalogue(MediaType.PredefinedStudentAvatar);
  const classAvatars = await catalogue(MediaType.TeachingClassAvatar);
  const primary = await educationLevelsRepository.findByKey(tx, 'education_level.primary');
  const day = 24 * 3600 * 1000;
  let avatar = 0;

  const classes = [
    {
      name: 'Year 5 Explorers',
      grade: '5',
      year: y - 1,
      start: `${y - 1}-09-01`,
      end: `${y}-07-15`,
      isFinished: true,
      isIndividual: false,
      defaultPoints: 3,
      subscriptionId: null,
      created: new Date(Date.now() - 300 * day),
      names: EXPLORERS,
    },
    {
      name: 'Year 4 Sunflowers',
      grade: '4',
      year: y,
      start: `${y}-09-01`,
      end: `${y + 1}-07-15`,
      isFinished: false,
      isIndividual: false,
      defaultPoints: 3,
      subscriptionId,
      created: new Date(Date.now() - 2 * day),
      names: SUNFLOWERS,
    },
    {
      name: 'Reading support: Tomás',
      grade: '3',
      year: y,
      start: `${y}-09-15`,
      end: `${y + 1}-06-30`,
      isFinished: false,
      isIndividual: true,
      // One-to-one reading support: a quick rating here usually marks progress past the first steps.
      defaultPoints: 4,
      subscriptionId,
      created: new Date(Date.now() - day),
      names: INDIVIDUAL,
    },
  ];
  const ids: Record<string, number> = {};
  const places: Record<string, { placeId: number; studentId: number; classId: number }> = {};
  for (const [i, c] of classes.entries()) {
    const { names, ...values } = c;
    const classId = await teachingClassesRepository.insert(tx, {
      ...values,
      term: 'Full year',
      invitationCode: newInvitationCode(),
      creatorId: u.teacher,
      schoolId,
      educationLevelId: primary?.id ?? null,
      avatarId: classAvatars.length ? classAvatars[i % classAvatars.length]! : null,
      updated: c.created,
    });
    ids[c.name] = classId;
    await learningSkillsRepository.linkCatalogue(tx, classId);
    for (const [firstName, lastName] of names) {
      const avatarId = studentAvatars.length ? studentAvatars[avatar++ % studentAvatars.length]! : null;
      const person = { firstName, lastName, code: null, avatarId, creatorId: u.teacher };
      const studentId = await studentsRepository.insert(tx, person);
      const placeId = await teachingClassStudentsRepository.insert(tx, {
        ...person,
        studentId,
        teachingClassId: classId,
        invitationCode: newInvitationCode(),
      });
      places[`${firstName} ${lastName}`] = { placeId, studentId, classId };
    }
  }
  await teachingClassesRepository.addCoTeacher(tx, ids['Year 4 Sunflowers']!, u.coteacher);
  // The running class has adopted the social and emotional framework too (DESIGN §12), beside the catalogue.
  await learningSkillsRepository.linkFramework(tx, ids['Year 4 Sunflowers']!, 'social-emotional');
  // Three students the teachers have not observed lately: the class page's coverage banner and the dashboard show them.
  await seedDemoRatings(tx, files, ids['Year 4 Sunflowers']!, [u.teacher, u.coteacher, u.evaluator], classes[1]!, [
    'Liam Chen',
    'Aisha Rahman',
    'Yuki Tanaka',
  ]);
  await seedDemoRatings(tx, files, ids['Reading support: Tomás']!, [u.teacher], classes[2]!);
  return { classIds: ids, places };
}
