import type { MediaType } from '@skillroom/contract/constants';
import type { Media } from '@skillroom/contract/types';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWR from 'swr';
import { ApiError } from '../lib/api-client';
import { mediaListKey, uploadMedia, type MediaList } from '../lib/media';
import { Avatar } from './ui/avatar';
import { Button } from './ui/button';

interface Props {
  label: string;
  name: string;
  value: Media | null;
  onChange: (m: Media | null) => void;
  uploadType: MediaType;
  catalogueType: MediaType;
  /** The server's violation for the picture, shown under the choices. */
  error?: string;
}

/** Choose a picture: upload one, or pick from the predefined catalogue. */
export function AvatarPicker({ label, name, value, onChange, uploadType, catalogueType, error }: Props) {
  const intl = useIntl();
  const fileRef = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const [busy, setBusy] = useState(false);
  const { data } = useSWR<MediaList>(mediaListKey(catalogueType));
  const catalogue = data?.['hydra:member'] ?? [];

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadMedia(file, uploadType));
    } catch (e) {
      toast.error(e instanceof ApiError && e.status !== 0 ? e.message : intl.formatMessage({ id: 'web_error_media_upload' }));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar media={value} name={name} size={72} decorative={false} />
        <input
          ref={fileRef}
          id={`${groupId}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className="sr-only"
          // The visible button opens it; the input itself stays out of the tab order.
          tabIndex={-1}
          aria-label={intl.formatMessage({ id: 'web_avatar_upload' })}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Button variant="secondary" busy={busy} onClick={() => fileRef.current?.click()}>
          <FormattedMessage id="web_avatar_upload" />
        </Button>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)}>
            <FormattedMessage id="web_avatar_remove" />
          </Button>
        )}
      </div>
      {catalogue.length > 0 && (
        <div>
          <p className="mb-2 text-sm text-slate-700" id={`${groupId}-hint`}>
            <FormattedMessage id="web_avatar_or_pick" />
          </p>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-labelledby={`${groupId}-hint`}>
            {catalogue.map((m, i) => (
              <label
                key={m.id}
                className="cursor-pointer rounded-full p-0.5 has-[:checked]:ring-3 has-[:checked]:ring-teal-700 focus-within-ring"
              >
                <input type="radio" name={groupId} className="sr-only" checked={value?.id === m.id} onChange={() => onChange(m)} />
                <img
                  src={m.thumbUrl ?? m.url}
                  alt={intl.formatMessage({ id: 'web_avatar_option' }, { n: i + 1 })}
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  className="h-12 w-12 rounded-full object-cover"
                />
              </label>
            ))}
          </div>
        </div>
      )}
      {error && (
        <p id={`${groupId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
