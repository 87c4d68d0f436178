import type { TeachingClass } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** A translated sentence naming the class (`%name%`), with the name as a link back to the class. */
export function ClassSentence({ id, cls, className }: { id: string; cls: Pick<TeachingClass, 'id' | 'name'>; className: string }) {
  return (
    <p className={className}>
      <FormattedMessage
        id={id}
        values={{
          name: (
            <Link to={`/teaching-class/${cls.id}`} className="font-semibold text-teal-800 underline underline-offset-2">
              {cls.name}
            </Link>
          ),
        }}
      />
    </p>
  );
}
