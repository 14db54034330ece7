import type { MediaSummary } from '@tessera/sdk';
import { styled } from '@tessera/widgets/theme';
import { Button } from '@tessera/widgets/ui';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { DialogActions } from '../../ui/Dialog';

const Overlay = styled(ModalOverlay, {
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$4',
  backgroundColor: 'rgba(17, 24, 39, 0.55)',
});

// Spec 2.9: the viewer is medium for audio, large otherwise.
const Box = styled(Modal, {
  width: '100%',
  maxHeight: '100%',
  overflow: 'auto',
  backgroundColor: '$surface',
  borderRadius: '$lg',
  boxShadow: '$card',
  fontFamily: '$body',
  color: '$text',
  variants: { size: { medium: { maxWidth: '560px' }, large: { maxWidth: '960px' } } },
});

const Content = styled(Dialog, { display: 'flex', flexDirection: 'column', gap: '$4', padding: '$5', outline: 'none' });

const Title = styled(Heading, { margin: 0, fontSize: '$4', fontWeight: '$bold', lineHeight: '$tight', overflowWrap: 'anywhere' });

const Picture = styled('img', { display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' });

const Video = styled('video', { display: 'block', width: '100%', maxHeight: '70vh', backgroundColor: '#000' });

const Audio = styled('audio', { width: '100%' });

/** The kinds the viewer plays or shows; a pdf opens in a new window instead. */
export const VIEWABLE_TYPES = ['image', 'video', 'audio'] as const;

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

/** The media library's viewer modal (spec 2.9): an image, a video or an audio file, named by its name. */
export function MediaViewer({ media, onClose }: MediaViewerProps) {
  return (
    <Overlay isOpen={media !== null} onOpenChange={(open) => !open && onClose()} isDismissable>
      <Box size={media?.type === 'audio' ? 'medium' : 'large'}>
        <Content>
          {media ? (
            <>
              <Title slot="title">{media.name}</Title>
              <Player media={media} />
              <DialogActions>
                <Button variant="secondary" onPress={onClose}>
                  Close
                </Button>
              </DialogActions>
            </>
          ) : null}
        </Content>
      </Box>
    </Overlay>
  );
}
