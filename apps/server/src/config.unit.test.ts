import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: null, demo: true, publicUrl: 'http://localhost:3000' });
    expect(c.dataDir).toMatch(/data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['DEMO', 'maybe'],
    ['MEDIA_MAX_IMAGE_BYTES', '-1'],
    ['DB_STATEMENT_TIMEOUT_MS', '0'],
    ['MEDIA_MAX_IMAGE_PIXELS', 'many'],
    ['UPLOADS_PER_USER', '-2'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['SHUTDOWN_GRACE_MS', '-1'],
  ])('stops with a message naming %s for a bad value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('turns demo data off by default in production, and lets DEMO decide when set', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demo).toBe(true);
  });

  it('waits 2 s for the balancer on SIGTERM in production, not in development or tests, unless SHUTDOWN_GRACE_MS says', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).shutdownGraceMs).toBe(2_000);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownGraceMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_GRACE_MS: '500' }).shutdownGraceMs).toBe(500);
  });

  it('reads DEMO=false, DATABASE_URL and PUBLIC_URL', () => {
    const c = loadConfig({ DEMO: 'false', DATABASE_URL: 'postgres://u@h:5432/d', PUBLIC_URL: 'https://school.example/' });
    expect(c).toMatchObject({ demo: false, databaseUrl: 'postgres://u@h:5432/d', publicUrl: 'https://school.example' });
  });

  it('selects S3 only with a bucket and its keys, path-style for custom endpoints', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_ACCESS_KEY_ID/);
    const aws = loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3;
    expect(aws).toMatchObject({ endpoint: 'https://s3.eu-west-1.amazonaws.com', forcePathStyle: false });
    const minio = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true, region: 'us-east-1' });
  });

  it('shares limits on Redis only with REDIS_URL, its keys under REDIS_KEY_PREFIX, and never echoes its password', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/2' }).redis).toEqual({
      url: 'rediss://:pw@cache:6380/2',
      keyPrefix: 'skillroom:',
    });
    expect(loadConfig({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'school-a:' }).redis?.keyPrefix).toBe('school-a:');
    expect(() => loadConfig({ REDIS_URL: 'http://:secret-pw@cache' })).toThrow(/^(?![\s\S]*secret-pw)[\s\S]*REDIS_URL/);
  });

  it('bounds unfinished resumable uploads per user: 10, 1 GB announced, an hour idle; never below the largest file', () => {
    expect(loadConfig({}).uploadQuota).toEqual({ maxUnfinished: 10, maxAnnouncedBytes: 1024 ** 3, idleMs: 3600_000 });
    const set = { UPLOADS_MAX_UNFINISHED: '3', UPLOADS_MAX_ANNOUNCED_BYTES: String(300 * 1024 ** 2), UPLOADS_IDLE_EXPIRY_MINUTES: '5' };
    expect(loadConfig(set).uploadQuota).toEqual({ maxUnfinished: 3, maxAnnouncedBytes: 300 * 1024 ** 2, idleMs: 300_000 });
    const bad: [string, string][] = [
      ['UPLOADS_MAX_UNFINISHED', '0'],
      ['UPLOADS_IDLE_EXPIRY_MINUTES', '20000'],
    ];
    for (const [name, value] of bad) expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
    // The 200 MB video limit could never be sent resumably under 100 MB in all.
    expect(() => loadConfig({ UPLOADS_MAX_ANNOUNCED_BYTES: String(100 * 1024 ** 2) })).toThrow(/UPLOADS_MAX_ANNOUNCED_BYTES/);
  });

  it('reads CORS_ORIGINS as a list of origins, none by default, and refuses one with a path', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://app.example.org, http://localhost:5173' }).corsOrigins).toEqual([
      'https://app.example.org',
      'http://localhost:5173',
    ]);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.org/web' })).toThrow(/CORS_ORIGINS/);
  });

  it('reads RETENTION_DAYS: two years by default, 0 keeps forever, anything but a whole number of days refused', () => {
    expect(loadConfig({}).retentionDays).toBe(730);
    expect(loadConfig({ RETENTION_DAYS: '0' }).retentionDays).toBe(0);
    expect(loadConfig({ RETENTION_DAYS: '365' }).retentionDays).toBe(365);
    for (const bad of ['-1', '1.5', 'forever', '99999999']) expect(() => loadConfig({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
  });

  it("reads PRIVACY_POLICY_DATE as a real day, the policy text's own date by default", () => {
    expect(loadConfig({}).privacyPolicyDate).toBe('2026-11-24');
    expect(loadConfig({ PRIVACY_POLICY_DATE: '2027-03-01' }).privacyPolicyDate).toBe('2027-03-01');
    for (const bad of ['2027-02-30', '2027-03-01T00:00:00Z', '01/03/2027', 'soon'])
      expect(() => loadConfig({ PRIVACY_POLICY_DATE: bad })).toThrow(/PRIVACY_POLICY_DATE/);
  });
});
