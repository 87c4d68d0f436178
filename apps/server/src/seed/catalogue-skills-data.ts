/** The predefined learning skills (DESIGN §3): key, colour, icon and ordered action keys; names live in the translation files. */

export interface CatalogueSkill {
  key: string;
  colorCode: string;
  /** The glyph drawn in white on the skill's colour (a 256 px square). */
  glyph: string;
  actions: string[];
}

const W = 'fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';

export const CATALOGUE_SKILLS: CatalogueSkill[] = [
  {
    key: 'communication',
    colorCode: '#2f6fdf',
    glyph: `<path d="M60 72h136a16 16 0 0 1 16 16v68a16 16 0 0 1-16 16h-76l-40 32v-32H60a16 16 0 0 1-16-16V88a16 16 0 0 1 16-16z" ${W}/><circle cx="96" cy="122" r="9" fill="#fff"/><circle cx="128" cy="122" r="9" fill="#fff"/><circle cx="160" cy="122" r="9" fill="#fff"/>`,
    actions: ['listens_actively', 'explains_clearly', 'asks_questions', 'speaks_up'],
  },
  {
    key: 'collaboration',
    colorCode: '#1a7f5a',
    glyph: `<circle cx="92" cy="92" r="24" ${W}/><circle cx="164" cy="92" r="24" ${W}/><path d="M44 196c0-30 20-52 48-52s48 22 48 52" ${W}/><path d="M116 196c0-30 20-52 48-52s48 22 48 52" ${W}/>`,
    actions: ['shares_work', 'helps_others', 'respects_ideas', 'resolves_conflicts'],
  },
  {
    key: 'creativity',
    colorCode: '#c2410c',
    glyph: `<path d="M128 48a56 56 0 0 0-32 102v22h64v-22a56 56 0 0 0-32-102z" ${W}/><path d="M104 200h48M112 224h32" ${W}/><path d="M128 96v40M112 120l16 16 16-16" ${W}/>`,
    actions: ['new_ideas', 'tries_approaches', 'imaginative_work'],
  },
  {
    key: 'critical_thinking',
    colorCode: '#7c3aed',
    glyph: `<circle cx="112" cy="112" r="52" ${W}/><path d="M150 150l56 56" ${W}/><path d="M90 112l16 16 28-32" ${W}/>`,
    actions: ['explains_reasoning', 'checks_evidence', 'solves_problems', 'compares_options'],
  },
  {
    key: 'self_management',
    colorCode: '#0e7490',
    glyph: `<circle cx="128" cy="132" r="76" ${W}/><path d="M128 84v52l32 24" ${W}/><path d="M104 40h48" ${W}/>`,
    actions: ['keeps_organised', 'finishes_on_time', 'follows_routines', 'manages_feelings'],
  },
  {
    key: 'kindness',
    colorCode: '#db2777',
    glyph: `<path d="M128 206s-80-46-80-104a40 40 0 0 1 80-12 40 40 0 0 1 80 12c0 58-80 104-80 104z" ${W}/>`,
    actions: ['includes_others', 'encourages_others', 'uses_kind_words', 'cares_for_things'],
  },
  {
    key: 'persistence',
    colorCode: '#b45309',
    glyph: `<path d="M32 208l64-104 40 56 28-36 60 84z" ${W}/><path d="M164 124V52l40 16-40 16" ${W}/>`,
    actions: ['keeps_trying', 'learns_from_mistakes', 'finishes_work'],
  },
  {
    key: 'participation',
    colorCode: '#4d7c0f',
    glyph: `<circle cx="112" cy="76" r="24" ${W}/><path d="M112 112v56M112 168l-28 48M112 168l28 48M112 128l-40 24M112 120l48-72" ${W}/><path d="M176 40v24M196 60h-24" ${W}/>`,
    actions: ['joins_in', 'contributes_to_discussions', 'volunteers', 'stays_focused'],
  },
];

export const skillKey = (skill: string) => `learning_skill.${skill}`;
export const actionKey = (skill: string, action: string) => `learning_action.${skill}.${action}`;

/** The icon as a standalone SVG: the glyph on a round badge of the skill's colour. */
export const skillIconSvg = (s: CatalogueSkill) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><circle cx="128" cy="128" r="128" fill="${s.colorCode}"/>${s.glyph}</svg>`;
