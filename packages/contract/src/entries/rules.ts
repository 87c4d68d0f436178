// `@skillroom/contract/rules`: the plain rules both sides apply (helpers, name order, limits and their messages, the
// school year, the report's range, the privacy policy's date…). Free of zod: the web app's screens import them without
// building a schema.
export * from '../helpers';
export * from '../name-order';
export * from '../family-letter';
export * from '../privacy-policy';
export * from '../learning-skill-rules';
export * from '../rating-rules';
export * from '../home-observation-rules';
export * from '../school-year-rules';
export * from '../report-range-rules';
export * from '../roster-import-rules';
export * from '../teaching-class-rules';
export * from '../quiet-hours-rules';
export * from '../email-digest-rules';
export * from '../rating-comment-rules';
export * from '../message-rules';
export * from '../growth-rules';
export * from '../self-assessment-rules';
