import { forms, messages, type FileKind } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { client } from '../../api/client';
import type { ApiOutcome } from '../../api/outcome';
import { FormActions } from '../../forms/FormActions';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';
import { useForm } from '../../forms/useForm';
import { loadRecord, param } from '../../guards/records';
import { usePageTitle } from '../../lib/usePageTitle';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { InfoTip } from '../../ui/InfoTip';
import { Stack } from '../../ui/Page';
import { TagPicker } from '../../ui/TagPicker';
import { moduleOption, searchModules } from '../modules/moduleOptions';
import { useOrganization } from '../organization/organizationContext';
import { CaptionsSection } from './CaptionsSection';
import { FileField } from './FileField';
import { updateMedia, type Media } from './mediaCalls';
import { ACCEPT, MEDIA_TYPE_NAMES } from './mediaFile';
import { useFileProblems } from './useFileProblems';

/** /:organization/admin/media/:media/edit: the media file with its modules. */
export function editMediaLoader({ params, request }: LoaderFunctionArgs): Promise<Media | null> {
  const path = { tenantId: param(params, 'organization'), mediaId: param(params, 'media') };
  return loadRecord(request, ['media', path.tenantId, path.mediaId], () => client.GET('/tenants/{tenantId}/media/{mediaId}', { params: { path } }));
}

const ignore = () => {};

const Thumbnail = styled('img', { display: 'block', maxWidth: '240px', maxHeight: '180px', border: '1px solid $borderSubtle' });

const FileLink = styled('a', {
  display: 'inline-flex',
  alignSelf: 'flex-start',
  alignItems: 'center',
  gap: '$2',
  color: '$link',
  fontFamily: '$body',
  borderRadius: '$sm',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

// A pdf has no picture: its link looks like a button (spec 2.9: "pdf shows a pdf button").
const PdfButton = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '$control',
  padding: '0 $4',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  backgroundColor: '$secondary',
  color: '$secondaryText',
  fontWeight: '$medium',
});

const Current = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$2', fontWeight: '$medium' });

/** The current file (spec 2.9): its image or thumbnail opens the file in a new window; a pdf shows a pdf button. */
function CurrentFile({ media }: { media: Media }) {
  const preview = media.type === 'image' ? (media.thumbnail?.url ?? media.url) : media.thumbnail?.url;
  return (
    <Current>
      <span>Current file</span>
      <FileLink href={media.url} target="_blank" rel="noopener" aria-label={`Open ${media.name} in a new window`}>
        {preview ? <Thumbnail src={preview} alt="" /> : media.type === 'pdf' ? <PdfButton>PDF</PdfButton> : media.name}
      </FileLink>
    </Current>
  );
}

type FilePart = 'file' | 'thumbnail';

/** Which files this kind of media can replace (spec 2.9: the image, a video's or pdf's file, a video's thumbnail). */
function replaceable(media: Media): { part: FilePart; kind: FileKind; label: string }[] {
  if (media.type === 'image') return [{ part: 'file', kind: 'image', label: 'Replace Image' }];
  if (media.type === 'video') {
    return [
      { part: 'file', kind: 'video', label: 'Replace File' },
      { part: 'thumbnail', kind: 'thumbnail', label: 'Thumbnail' },
    ];
  }
  if (media.type === 'pdf') return [{ part: 'file', kind: 'pdf', label: 'Replace File' }];
  return [];
}

const valuesOf = (media: Media) => ({ name: media.name, modules: media.modules.map((module) => module.id) });

function EditMediaForm({ media, mediaPath }: { media: Media; mediaPath: string }) {
  const { organization } = useOrganization();
  const navigate = useNavigate();
  const checks = useFileProblems();
  const [saved, setSaved] = useState(media);
  const [files, setFiles] = useState<Partial<Record<FilePart, File | null>>>({});
  const [round, setRound] = useState(0);
  const form = useForm({
    initialValues: valuesOf(media),
    rules: forms.mediaUpdate,
    fields: ['name', 'modules', 'file', 'thumbnail'],
    submit: (values): Promise<ApiOutcome<Media>> =>
      updateMedia(organization.id, saved, { name: values.name.trim(), file: files.file, thumbnail: files.thumbnail }, values.modules),
    valuesAfterSuccess: (answer) => valuesOf(answer),
    onSuccess: (answer) => {
      setSaved(answer);
      setFiles({});
      setRound((value) => value + 1);
    },
  });

  function pick(part: FilePart, kind: FileKind, file: File | null) {
    form.touched(part);
    setFiles((current) => ({ ...current, [part]: file }));
    void checks.check(part, kind, file);
  }

  const typeName = MEDIA_TYPE_NAMES[saved.type];
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Edit media">
      <UnsavedChangesPrompt when={form.isDirty || Object.values(files).some(Boolean)} />
      <TextField label="Type" name="type" value={typeName} onChange={ignore} isReadOnly />
      <TextField label="Name" isRequired {...form.bind('name')} />
      <CurrentFile media={saved} />
      {replaceable(saved).map(({ part, kind, label }) => (
        <FileField
          key={`${part}-${round}`}
          label={label}
          name={part}
          accept={ACCEPT[kind]}
          isDisabled={form.isSaving}
          tip={part === 'thumbnail' ? <InfoTip label="About the thumbnail" text={messages.thumbnailType} /> : undefined}
          onPick={(file) => pick(part, kind, file)}
          errors={checks.messagesFor(part, form.errors)}
        />
      ))}
      <TagPicker
        label="Modules"
        placeholder="Search modules"
        value={form.values.modules}
        onChange={(modules) => form.setValue('modules', modules)}
        known={saved.modules.map(moduleOption)}
        search={searchModules(organization.id)}
        errors={form.errors.modules}
      />
      <FormActions form={{ ...form, hasErrors: form.hasErrors || checks.hasProblems }} success="Media Updated!" onCancel={() => navigate(mediaPath)} />
    </Form>
  );
}

/** /:organization/admin/media/:media/edit (spec 2.9): Media edit. */
export function EditMediaPage() {
  usePageTitle('Edit Media');
  const media = useLoaderData() as Media | null;
  const { organization } = useOrganization();
  if (!media) return null;
  const mediaPath = `/${encodeURIComponent(organization.slug)}/admin/media`;
  return (
    <Stack>
      <Breadcrumbs crumbs={[{ label: 'Media', to: mediaPath }, { label: 'Edit' }]} />
      <Heading level={1}>Edit Media</Heading>
      <EditMediaForm key={media.id} media={media} mediaPath={mediaPath} />
      {media.type === 'video' ? <CaptionsSection key={`captions-${media.id}`} tenantId={organization.id} media={media} /> : null}
    </Stack>
  );
}
