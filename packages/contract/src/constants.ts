/** Enums and constants of the product specification (§3, §9). The one place they are written. */

export const BASE_PATH = '/web';
export const API_AUTH_PREFIX = '/api/auth/v1';
export const API_PUBLIC_PREFIX = '/api/public/v1';
export const LOGOUT_PATH = '/logout';

export const MediaType = {
  UserAvatar: 7,
  PredefinedUserAvatar: 8,
  TeachingClassAvatar: 31,
  StudentAvatar: 32,
  LearningSkillIcon: 33,
  RatingPhoto: 34,
  RatingVideo: 35,
  RatingAudio: 36,
  RatingFile: 37,
  PredefinedStudentAvatar: 38,
  CustomLearningSkillIcon: 42,
} as const;
export type MediaType = (typeof MediaType)[keyof typeof MediaType];
export const MEDIA_TYPES = Object.values(MediaType) as MediaType[];

export const NotificationType = {
  TeacherCreated: 2,
  TeacherRemoved: 3,
  TeacherInvitationReceived: 4,
  TeacherInvitationAccepted: 5,
  StudentProfileUserInvitationReceived: 6,
  StudentProfileUserInvitationAccepted: 7,
  /** You now own a class (owner change, DESIGN §8); entity 14, the class. */
  ClassOwned: 8,
  /** A class's records will be deleted on a date (retention, DESIGN §6); entity 14, the class. */
  RetentionDue: 9,
  /** New evidence of a linked child (DESIGN §11), once per observation and child; entity 17, its first rating. */
  NewEvidence: 10,
  /** A comment on a rating of the class (DESIGN §11), to its teachers but the commenter; entity 18, the comment. */
  RatingComment: 11,
  /** A family added a home observation that waits for the class's teachers (DESIGN §11); entity 14, the class. */
  HomeObservationWaiting: 12,
  /**
   * A teacher answered a family's home observation (DESIGN §11): approved, it is now a rating (entity 17, the rating);
   * rejected, worded as a rejection with the reason (text `home_observation_rejected`, entity 14, the class).
   */
  HomeObservationApproved: 13,
  /** A message or announcement in a child's conversation (DESIGN §11), to the other side; entity 19, the conversation. */
  Message: 14,
  /**
   * A child's place in a class was removed, and with it this user's link (issue 36 §7); entity 14, the class. 10 to 14
   * are DESIGN §11's. It names the class, never the child: the child's record is erased and no row of it may stay.
   */
  StudentLinkEnded: 15,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];

/** Where a notification was made for (the product's API numbers it); only the web app exists here. */
export const PlatformType = { Web: 1 } as const;
export type PlatformType = (typeof PlatformType)[keyof typeof PlatformType];

export const EntityType = {
  TeachingClassTeacher: 13,
  TeachingClass: 14,
  TeacherInvitation: 15,
  StudentProfileUserInvitation: 16,
  Rating: 17,
  RatingComment: 18,
  Conversation: 19,
} as const;
export type EntityType = (typeof EntityType)[keyof typeof EntityType];

export const ClassUserType = { Creator: 0, CoTeacher: 1, Evaluator: 2 } as const;
export type ClassUserType = (typeof ClassUserType)[keyof typeof ClassUserType];

export const ACCOUNT_TYPES = ['teacher', 'student_user', 'parent_user', 'other_user'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The JSON-LD @type marker of a user for each account type (spec §3). */
export const USER_TYPE_MARKER: Record<AccountType, string> = {
  teacher: 'Teacher',
  student_user: 'StudentUser',
  parent_user: 'ParentUser',
  other_user: 'OtherUser',
};

/** Platform roles in order of precedence (spec §6). */
export const PLATFORM_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN_CONTENT_CREATOR',
  'ROLE_ADMIN_TRAINER',
  'ROLE_ADMIN_CONTENT_MANAGER',
  'ROLE_USER',
] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const LOCALES = ['en', 'zh-HK', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'locale';
export const COOKIE_LOCALE = 'locale'; // the same choice, which the server renders a signed-out reader's page in (lib/i18n.tsx)
export const COOKIE_BEARER = 'BEARER';
export const COOKIE_REFRESH = 'REFRESH_TOKEN';
/** Cookies used as fallback storage expire in 2038 (spec §9). */
export const COOKIE_FALLBACK_EXPIRES = new Date('2038-01-19T00:00:00Z');

export const PAGE_SIZE = {
  default: 30,
  classes: 10,
  notifications: 25,
  notificationDropdown: 10,
  conversations: 30,
  messages: 50,
  subscriptions: 1000,
  invitationCodeLookup: 1,
  max: 1000,
} as const;

export const NOTIFICATION_BADGE_CAP = 9;
export const INFINITE_SCROLL_THRESHOLD_PX = 250;
export const MOBILE_MENU_CLOSE_DELAY_MS = 200;
export const AVATAR_SIZE_PX = 32;

/** Data-fetch behaviour (spec §9), fed to SWR. */
export const FETCH_TIMINGS = {
  refreshIntervalMs: 5 * 60 * 1000,
  errorRetryIntervalMs: 5000,
  errorRetryIntervalSlowMs: 10000,
  dedupingIntervalMs: 2000,
  focusThrottleIntervalMs: 5000,
  loadingTimeoutMs: 3000,
  loadingTimeoutSlowMs: 5000,
} as const;

/** Toast limits (spec §9), fed to react-hot-toast. */
export const TOAST_TIMINGS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Infinity,
  custom: 4000,
  limit: 20,
  removeDelay: 1000,
} as const;

export const DATE_FORMAT = 'dd/MM/yyyy';
export const TIME_FORMAT = 'hh:mm';

/** Analytics screen names (spec §2). */
export const SCREEN_NAMES = [
  'Class List',
  'Notification List',
  'New Class',
  'Edit Class',
  'New Student',
  'Edit Student',
  'Report (Student)',
  'Report (Class)',
  'Edit Rating (Class)',
  'Edit Rating (Student)',
  'Manage Students',
  'Edit Own Profile',
  'Coteacher management',
  'Student management',
  'Edit rating action',
  'Class Detail',
  '404',
  '403',
  // Screens DESIGN adds beyond the specification's list.
  'Sign In',
  'Sign Up',
  'Forgot Password',
  'Reset Password',
  'Family Link',
  'Messages',
  'Conversation',
  'Announce',
] as const;
export type ScreenName = (typeof SCREEN_NAMES)[number];

/** Upload limits per kind, in bytes (DESIGN §4); the server may override them. */
export const MEDIA_SIZE_LIMITS = {
  image: 20 * 1024 * 1024,
  audio: 50 * 1024 * 1024,
  video: 200 * 1024 * 1024,
  file: 25 * 1024 * 1024,
} as const;
export type MediaKind = keyof typeof MEDIA_SIZE_LIMITS;

/** Which kind of content each media type accepts. */
export const MEDIA_TYPE_KIND: Record<MediaType, MediaKind> = {
  [MediaType.UserAvatar]: 'image',
  [MediaType.PredefinedUserAvatar]: 'image',
  [MediaType.TeachingClassAvatar]: 'image',
  [MediaType.StudentAvatar]: 'image',
  [MediaType.LearningSkillIcon]: 'image',
  [MediaType.RatingPhoto]: 'image',
  [MediaType.RatingVideo]: 'video',
  [MediaType.RatingAudio]: 'audio',
  [MediaType.RatingFile]: 'file',
  [MediaType.PredefinedStudentAvatar]: 'image',
  [MediaType.CustomLearningSkillIcon]: 'image',
};

/**
 * What the server accepts for each kind, by the type sniffed from the file's bytes (never the client's claim).
 * SVG is never an image here: it can carry script. Files of any type are accepted and always served as downloads.
 * Web clients may use these for `<input accept>`.
 */
export const MEDIA_ACCEPTED_TYPES: Record<Exclude<MediaKind, 'file'>, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
  audio: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/aac', 'audio/mp4', 'audio/x-m4a', 'audio/flac', 'audio/webm'],
  video: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-m4v', 'video/ogg', 'video/3gpp', 'video/matroska'],
};

/**
 * Resumable uploads (DESIGN §7 "Large files resume"): files over this size go through the tus protocol at UPLOADS_PATH
 * (`POST` creates, `HEAD` says how much arrived, `PATCH` sends the rest); smaller ones through `POST /media`.
 */
export const RESUMABLE_UPLOAD_THRESHOLD = 5 * 1024 * 1024;
export const UPLOADS_PATH = '/api/auth/v1/uploads/';
/**
 * The `Upload-Metadata` keys of a tus upload: `mediaType` (digits) and `filename` are required, `filetype` (the
 * browser's MIME type) and `encode` (as on `POST /media`) are optional. The finished upload answers with the Media.
 */
export const UPLOAD_METADATA_KEYS = ['mediaType', 'filename', 'filetype', 'encode'] as const;
/**
 * What one user may leave unfinished at UPLOADS_PATH (DESIGN §7): the server's defaults (UPLOADS_MAX_UNFINISHED,
 * UPLOADS_MAX_ANNOUNCED_BYTES, UPLOADS_IDLE_EXPIRY_MINUTES) and the texts of its refusals, which the web app shows.
 */
export const UPLOAD_QUOTA_DEFAULTS = { unfinished: 10, announcedBytes: 1024 * 1024 * 1024, idleMinutes: 60 } as const;
const quotaBytes = (n: number) =>
  n >= 1024 ** 3 ? `${Math.round((n / 1024 ** 3) * 10) / 10} GB` : `${Math.max(1, Math.round((n / 1024 ** 2) * 10) / 10)} MB`;
export const UPLOAD_QUOTA_MESSAGES = {
  /** 429: the user's unfinished uploads are at the count. */
  tooMany: (max: number) => `At most ${max} unfinished uploads at a time: finish or cancel one before starting another.`,
  /** 413: the lengths announced by the user's unfinished uploads, this one included, would pass the total. */
  tooManyBytes: (max: number) =>
    `Unfinished uploads may announce at most ${quotaBytes(max)} in all: finish or cancel one before starting this one.`,
  /** 410: no bytes arrived for the idle time; its bytes are gone and the file must be sent again. */
  expired: 'This upload expired without progress: start it again.',
} as const;

/** Longest side of the thumbnails made for images, in pixels. */
export const MEDIA_THUMB_SIZE = 320;
/**
 * The thumbnail variants a picture is made at: the 1x one above and a 2x one for dense screens (phones are 2-3x), asked
 * for with `?size=2x` on the thumbnail's link. A picture smaller than a variant keeps its own size.
 */
export const MEDIA_THUMB_VARIANTS = { '1x': MEDIA_THUMB_SIZE, '2x': 2 * MEDIA_THUMB_SIZE } as const;
export type MediaThumbVariant = keyof typeof MEDIA_THUMB_VARIANTS;

/** One analytics event: at most this many properties, and this many bytes of JSON in all (larger bodies get 413). */
export const ANALYTICS_MAX_PROPERTIES = 30;
export const ANALYTICS_MAX_BYTES = 8 * 1024;

/** Media types only the platform (catalogue) may create; users cannot upload them. */
export const CATALOGUE_MEDIA_TYPES: readonly MediaType[] = [
  MediaType.PredefinedUserAvatar,
  MediaType.PredefinedStudentAvatar,
  MediaType.LearningSkillIcon,
];

export const PASSWORD_MIN_LENGTH = 8;

/** Class and student invitation codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_LENGTH = 8;

/** Education levels, by translation key; the server seeds them in this order. */
export const EDUCATION_LEVEL_KEYS = [
  'education_level.preschool',
  'education_level.primary',
  'education_level.lower_secondary',
  'education_level.upper_secondary',
  'education_level.vocational',
  'education_level.higher',
  'education_level.adult',
] as const;

/** What a user is in a subscription (DESIGN §3). */
export const SUBSCRIPTION_ROLES = ['teacher', 'evaluator'] as const;
export type SubscriptionRole = (typeof SUBSCRIPTION_ROLES)[number];

/** The notification stream; its protocol is described beside the Notification schema. */
export const NOTIFICATION_STREAM_PATH = '/notifications/stream';
export const NOTIFICATION_STREAM_EVENT = 'notification';
/** How often the stream sends a heartbeat comment. */
export const NOTIFICATION_STREAM_HEARTBEAT_MS = 25_000;

/**
 * Writes sent again (the offline outbox, a retry after a lost answer) carry this header (DESIGN §7): the server keeps
 * the key with its first answer for `IDEMPOTENCY.keepHours` and answers a repeat with it, marked by `replayedHeader`.
 */
export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  replayedHeader: 'Idempotency-Replayed',
  /** Visible ASCII (0x21 to 0x7e), as many as this: a UUID fits many times over. */
  maxKeyLength: 255,
  keepHours: 24,
} as const;
