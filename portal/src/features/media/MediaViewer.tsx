import type { MediaSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/stitches';
import { Button } from '@tessera/widgets/ui';
import { DialogActions, ModalDialog } from '../../ui/Dialog';

const Picture = styled('img', { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' });

const Video = styled('video', { display: 'block', width: '100%', maxHeight: '70vh', backgroundColor: '#000' });

const Audio = styled('audio', { width: '100%' });

/** The kinds the viewer plays or shows; a pdf opens in a new window instead. */
const VIEWABLE_TYPES = ['image', 'video', 'audio'] as const;

export function isViewable(media: Pick<MediaSummary, 'type'>): boolean {
  return (VIEWABLE_TYPES as readonly string[]).includes(media.type);
}

function Player({ media }: { media: MediaSummary }) {
  if (media.type === 'image') return <Picture src={media.url} alt={media.name} />;
  if (media.type === 'video') return <Video src={media.url} poster={media.thumbnail?.url} controls preload="metadata" aria-label={media.name} />;
  return <Audio src={media.url} controls preload="metadata" aria-label={media.name} />;
}

export interface MediaViewerProps {
  /** The file shown, or null when the viewer is closed. */
  media: MediaSummary | null;
  onClose(): void;
}

/** The media library's viewer modal (spec 2.9): an image, a video or an audio file, named by its name; medium for audio, large otherwise. */
export function MediaViewer({ media, onClose }: MediaViewerProps) {
  return (
    <ModalDialog
      title={media?.name ?? ''}
      isOpen={media !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      size={media?.type === 'audio' ? 'medium' : 'large'}
    >
      {media ? <Player media={media} /> : null}
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
