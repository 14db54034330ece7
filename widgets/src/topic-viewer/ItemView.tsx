import { memo } from 'react';
import type { Item, MediaSummary } from '@tessera/sdk';
import { Markdown } from '../markdown/Markdown.js';
import { styled } from '../stitches.js';
import { AnchorLink, Checkbox, Heading } from '../ui/index.js';
import { topicViewerMessages as text } from './messages.js';

const RowBox = /* @__PURE__ */ styled('section', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  padding: '$4',
  border: '1px solid $borderSubtle',
  borderRadius: '$lg',
  backgroundColor: '$surface',
  variants: { complete: { true: { borderColor: '$success' } } },
});

const RowHeader = /* @__PURE__ */ styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
});

const Tag = /* @__PURE__ */ styled('span', {
  padding: '0 $2',
  borderRadius: '$round',
  backgroundColor: '$surfaceMuted',
  color: '$textMuted',
  fontSize: '$1',
  fontFamily: '$body',
});

const Figure = /* @__PURE__ */ styled('figure', {
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  '& img, & video': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: '$md' },
  '& audio': { display: 'block', width: '100%' },
});

const Caption = /* @__PURE__ */ styled('figcaption', { color: '$textMuted', fontSize: '$2', fontFamily: '$body' });
const Muted = /* @__PURE__ */ styled('p', { margin: 0, color: '$textMuted', fontSize: '$2', fontFamily: '$body' });

/** What a row needs to offer its procedure toggle; left out where no toggle is shown (preview, owner). */
type ToggleRow = (itemId: string, complete: boolean) => void;

export interface RowViewProps {
  row: Item;
  headingLevel: 2 | 3 | 4 | 5;
  onToggle?: ToggleRow;
}

/**
 * One row with its children. Memoized: ticking one procedure row replaces only that row object, so the
 * other rows of a long topic do not render again.
 */
export const RowView = /* @__PURE__ */ memo(function RowView({ row, headingLevel, onToggle }: RowViewProps) {
  const headingId = `tessera-row-${row.id}`;
  return (
    <RowBox aria-labelledby={headingId} complete={row.is_procedure && row.is_complete} data-item-type="row">
      <RowHeader>
        <Heading level={headingLevel} size="small" id={headingId}>
          {row.text}
        </Heading>
        {row.is_procedure && onToggle ? (
          <Checkbox
            label={text.completeLabel}
            aria-label={text.completeName(row.text ?? '')}
            isSelected={row.is_complete}
            onChange={(complete) => onToggle(row.id, complete)}
          />
        ) : null}
        {row.is_procedure && !onToggle ? <Tag>{text.procedure}</Tag> : null}
      </RowHeader>
      {row.children.map((child) => (
        <ChildView key={child.id} item={child} />
      ))}
    </RowBox>
  );
});

/** A paragraph or a media item inside a row. */
function ChildView({ item }: { item: Item }) {
  if (item.type === 'paragraph') return <Markdown text={item.text} />;
  const media = item.media[0];
  if (!media) return <Muted data-item-type={item.type}>{text.missingMedia}</Muted>;
  return <MediaView type={item.type} media={media} />;
}

/**
 * A video with its WebVTT captions tracks. preload=metadata: the server answers Range requests, so the player fetches
 * only what it plays and seeks. A track from another origin (the signed URLs follow the server's PUBLIC_URL, not the
 * host page's origin) loads only in CORS mode, so a video with tracks is `crossorigin="anonymous"`; the signed file
 * route answers every origin without credentials (`Access-Control-Allow-Origin: *`). Tracks load under the partner's
 * `media-src`, like the video.
 */
function VideoPlayer({ media }: { media: MediaSummary }) {
  const captions = media.captions ?? [];
  return (
    <video
      controls
      preload="metadata"
      src={media.url}
      poster={media.thumbnail?.url}
      aria-label={media.name}
      crossOrigin={captions.length > 0 ? 'anonymous' : undefined}
    >
      {captions.map((caption) => (
        <track key={caption.id} kind="captions" src={caption.url} srcLang={caption.language} label={caption.label} default={caption.is_default} />
      ))}
    </video>
  );
}

/** A media file as the topic viewer shows it (also a knowledge-check question's or choice's media). */
export function MediaView({ type, media }: { type: Item['type']; media: MediaSummary }) {
  switch (type) {
    case 'image':
      return (
        <Figure data-item-type="image">
          <img src={media.url} alt={media.name} loading="lazy" decoding="async" />
        </Figure>
      );
    case 'video':
      return (
        <Figure data-item-type="video">
          <VideoPlayer media={media} />
          <Caption>{media.name}</Caption>
        </Figure>
      );
    case 'audio':
      return (
        <Figure data-item-type="audio">
          <audio controls preload="metadata" src={media.url} aria-label={media.name} />
          <Caption>{media.name}</Caption>
        </Figure>
      );
    case 'pdf':
      // The signed URL answers inline, so the browser's own PDF viewer opens it in the new tab.
      return (
        <Figure data-item-type="pdf">
          <AnchorLink href={media.url} target="_blank" rel="noopener noreferrer">
            {text.openPdf(media.name)}
          </AnchorLink>
        </Figure>
      );
    default:
      return null;
  }
}
