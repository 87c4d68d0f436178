/** The demo accounts made on an empty data folder (README and sign-in page list them). */
export const DEMO_PASSWORD = 'skillroom-demo';
export const DEMO_ACCOUNTS = [
  {
    username: 'teacher',
    password: DEMO_PASSWORD,
    role: 'Teacher (class creator)',
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'teacher@demo.skillroom.local',
    accountType: 'teacher',
  },
  {
    username: 'coteacher',
    password: DEMO_PASSWORD,
    role: 'Co-teacher',
    firstName: 'Daniel',
    lastName: 'Chan',
    email: 'coteacher@demo.skillroom.local',
    accountType: 'teacher',
  },
  {
    username: 'evaluator',
    password: DEMO_PASSWORD,
    role: 'Evaluator',
    firstName: 'Grace',
    lastName: 'Okafor',
    email: 'evaluator@demo.skillroom.local',
    accountType: 'teacher',
  },
  {
    username: 'parent',
    password: DEMO_PASSWORD,
    role: 'Parent',
    firstName: 'Sam',
    lastName: 'Taylor',
    email: 'parent@demo.skillroom.local',
    accountType: 'parent_user',
  },
  // DESIGN §12: Ella Taylor's own account, linked to her place in Year 4 Sunflowers, where self-assessment is on.
  {
    username: 'student',
    password: DEMO_PASSWORD,
    role: 'Student',
    firstName: 'Ella',
    lastName: 'Taylor',
    email: 'student@demo.skillroom.local',
    accountType: 'student_user',
  },
] as const;
export const DEMO_SCHOOL = 'Riverside Primary School';
