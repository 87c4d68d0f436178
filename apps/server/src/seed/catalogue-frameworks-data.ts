/** The frameworks' own skills (DESIGN §12), beside the catalogue's: key, colour, the glyph of a catalogue skill, actions. */
import { CATALOGUE_SKILLS, type CatalogueSkill } from './catalogue-skills-data';

const glyphOf = (key: string) => CATALOGUE_SKILLS.find((s) => s.key === key)!.glyph;

export const FRAMEWORK_SKILLS: Record<'social-emotional' | 'approaches-to-learning', CatalogueSkill[]> = {
  'social-emotional': [
    {
      key: 'sel_self_awareness',
      colorCode: '#9333ea',
      glyph: glyphOf('kindness'),
      actions: ['names_feelings', 'knows_strengths', 'asks_for_help', 'reflects_on_choices'],
    },
    {
      key: 'sel_self_management',
      colorCode: '#0891b2',
      glyph: glyphOf('self_management'),
      actions: ['calms_down', 'sets_goals', 'waits_turn', 'handles_change'],
    },
    {
      key: 'sel_social_awareness',
      colorCode: '#ca8a04',
      glyph: glyphOf('collaboration'),
      actions: ['notices_feelings', 'respects_differences', 'sees_other_views'],
    },
    {
      key: 'sel_relationship_skills',
      colorCode: '#e11d48',
      glyph: glyphOf('collaboration'),
      actions: ['makes_friends', 'cooperates', 'solves_conflicts', 'listens_to_others'],
    },
    {
      key: 'sel_decision_making',
      colorCode: '#16a34a',
      glyph: glyphOf('critical_thinking'),
      actions: ['thinks_before_acting', 'considers_consequences', 'makes_safe_choices'],
    },
  ],
  'approaches-to-learning': [
    {
      key: 'atl_thinking',
      colorCode: '#6d28d9',
      glyph: glyphOf('critical_thinking'),
      actions: ['asks_why', 'connects_ideas', 'evaluates_work', 'transfers_learning'],
    },
    {
      key: 'atl_communication',
      colorCode: '#2563eb',
      glyph: glyphOf('communication'),
      actions: ['reads_for_meaning', 'writes_for_purpose', 'presents_ideas', 'gives_feedback'],
    },
    {
      key: 'atl_social',
      colorCode: '#db2777',
      glyph: glyphOf('collaboration'),
      actions: ['takes_roles', 'shares_responsibility', 'builds_consensus'],
    },
    {
      key: 'atl_self_management',
      colorCode: '#0f766e',
      glyph: glyphOf('self_management'),
      actions: ['manages_time', 'organises_materials', 'stays_focused', 'bounces_back'],
    },
    {
      key: 'atl_research',
      colorCode: '#b45309',
      glyph: glyphOf('creativity'),
      actions: ['finds_information', 'checks_sources', 'records_findings', 'cites_sources'],
    },
  ],
};
