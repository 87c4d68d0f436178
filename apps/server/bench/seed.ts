import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/accounts/passwords';

export const BENCH_USER = { username: 'bench-teacher', password: 'bench-password-1' };
/** A parent linked to every student of the newest class: their reads write the access log (DESIGN §6). */
export const BENCH_PARENT = { username: 'bench-parent', password: 'bench-password-1' };

/**
 * One teacher with `classes` classes of `perClass` students each (one co-teacher per class, predefined avatars on
 * every student), written with set-based inserts: seconds, not minutes. Codes only need to be unique here.
 */
export async function seedBench(db: Db, classes = 200, perClass = 30) {
  const hash = await hashPassword(BENCH_USER.password);
  await db.execute(sql`insert into school (name) values ('Bench School')`);
  await db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name, school_id)
    values (${BENCH_USER.username}, 'bench@example.org', ${hash}, 'Bench', 'Teacher', 1), ('bench-coteacher', 'co@example.org', ${hash}, 'Co', 'Teacher', 1)`);
  await db.execute(sql`insert into media (file_name, file_original_name, mime_type, size, file_dimensions, media_type, storage_key)
    select 'avatar-' || g || '.png', 'avatar-' || g || '.png', 'image/png', 2048, '256x256', 38, 'catalogue/avatar-' || g || '.png' from generate_series(1, 24) g`);
  await db.execute(
    sql`insert into subscription (name, start, "end", can_create_individual, school_id) values ('Bench plan', '2026-01-01', '2027-12-31', true, 1)`,
  );
  await db.execute(sql`insert into subscription_member (subscription_id, user_id, role) values (1, 1, 'teacher'), (1, 2, 'teacher')`);
  await db.execute(sql`insert into teaching_class (name, grade, invitation_code, year, start, "end", is_finished, avatar_id, school_id, creator_id, term, education_level_id, subscription_id, created, updated)
    select 'Class ' || g, (g % 6 + 1)::text, 'C' || lpad(g::text, 7, '0'), 2026, '2026-09-01', '2027-07-15', g % 10 = 0, null, 1, 1, 'Full year', 2,
      case when g % 2 = 0 then 1 end, now() - (g || ' minutes')::interval, now()
    from generate_series(1, ${classes}) g`);
  await db.execute(sql`insert into teaching_class_teacher (teaching_class_id, teacher_id) select id, 2 from teaching_class`);
  await db.execute(sql`insert into student (first_name, last_name, avatar_id, creator_id)
    select 'Student' || g, 'Number' || g, 1 + g % 24, 1 from generate_series(1, ${classes * perClass}) g`);
  await db.execute(sql`insert into teaching_class_student (first_name, last_name, code, student_id, teaching_class_id, avatar_id, creator_id, invitation_code)
    select s.first_name, s.last_name, null, s.id, 1 + (s.id - 1) / ${perClass}, s.avatar_id, 1, 'P' || lpad(s.id::text, 7, '0') from student s`);
  await db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name, account_type, privacy_policy_last_agreed)
    values (${BENCH_PARENT.username}, 'parent@example.org', ${hash}, 'Bench', 'Parent', 'parent_user', now())`);
  await db.execute(sql`insert into student_profile_user (student_id, user_id, teaching_class_id, teaching_class_student_id, is_via_invitation)
    select p.student_id, u.id, p.teaching_class_id, p.id, true from teaching_class_student p, app_user u
    where u.username = ${BENCH_PARENT.username} and p.teaching_class_id = 1`);
  await db.execute(sql`analyze`);
}
