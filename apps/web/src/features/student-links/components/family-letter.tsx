import type { TeachingClass, TeachingClassStudent } from '@skillroom/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { fullName } from '../../../lib/teaching-classes';

/**
 * The letter a teacher prints for the family (only in print, see styles.css): the student's code and how to use it,
 * in the teacher's language.
 */
export function FamilyLetter({ place, cls }: { place: TeachingClassStudent; cls: TeachingClass }) {
  const name = fullName(place);
  const signUp = `${window.location.origin}${import.meta.env.BASE_URL}sign-up`;
  const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <article data-print-letter className="hidden space-y-4 p-8 text-base leading-relaxed text-black print:block">
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="Skillroom" width={168} height={40} />
      <h1 className="text-2xl font-bold">
        <FormattedMessage id="web_letter_title" values={{ name }} />
      </h1>
      <p>
        <FormattedMessage id="web_letter_intro" values={{ name, class: cls.name, school: cls.school?.name ?? '', teacher: fullName(cls.creator), b }} />
      </p>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          <FormattedMessage id="web_letter_step_account" values={{ url: signUp, b }} />
        </li>
        <li>
          <FormattedMessage id="web_letter_step_code" values={{ b }} />
          <p className="my-4 inline-block rounded-md border-2 border-black px-6 py-3 font-mono text-3xl font-bold tracking-widest">{place.invitationCode}</p>
        </li>
        <li>
          <FormattedMessage id="web_letter_step_approve" values={{ name }} />
        </li>
      </ol>
      <p>
        <FormattedMessage id="web_letter_private" values={{ name }} />
      </p>
    </article>
  );
}
