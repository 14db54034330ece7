import { styled } from '@tessera/widgets/stitches';
import { useState } from 'react';
import { RowActions, RowButton } from '../../ui/RowButton';
import { MediaLibraryPicker } from '../media/MediaLibraryPicker';
import { MEDIA_TYPE_NAMES } from '../media/mediaFile';
import type { DraftMedia } from './questionDraft';

const Chosen = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2', fontSize: '$2' });
const Thumb = styled('img', { width: '96px', height: '54px', objectFit: 'cover', borderRadius: '$sm', border: '1px solid $borderSubtle' });
const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

export interface MediaChooserProps {
  tenantId: string;
  /** What the media belongs to, in the buttons' names ("question", "choice new choice 1"). */
  owner: string;
  value: DraftMedia | null;
  onChange(media: DraftMedia | null): void;
  errors?: string[];
  isDisabled?: boolean;
}

/** Optional media from the Media Library (spec section 2): every kind, with the type filter and a debounced search. */
export function MediaChooser({ tenantId, owner, value, onChange, errors = [], isDisabled }: MediaChooserProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <div>
      <Chosen>
        {value ? (
          <>
            {value.type === 'image' ? <Thumb src={value.thumbnail?.url ?? value.url} alt="" /> : null}
            <span>
              {MEDIA_TYPE_NAMES[value.type]}: {value.name}
            </span>
          </>
        ) : null}
        <RowActions>
          <RowButton aria-label={`${value ? 'Change' : 'Add'} media of ${owner}`} isDisabled={isDisabled} onPress={() => setOpen(true)}>
            {value ? 'Change media' : 'Add media'}
          </RowButton>
          {value ? (
            <RowButton aria-label={`Remove media of ${owner}`} isDisabled={isDisabled} onPress={() => onChange(null)}>
              Remove media
            </RowButton>
          ) : null}
        </RowActions>
      </Chosen>
      {errors.length > 0 ? (
        <Errors>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
      <MediaLibraryPicker
        tenantId={tenantId}
        type="any"
        isOpen={isOpen}
        onCancel={() => setOpen(false)}
        onSelect={(media) => {
          setOpen(false);
          onChange({ id: media.id, name: media.name, type: media.type, url: media.url, thumbnail: media.thumbnail });
        }}
      />
    </div>
  );
}
