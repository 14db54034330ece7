import { forms, messages, type FieldErrors, type FileLimits } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Button, Checkbox, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { ConfirmDialog, DELETE_ANSWERS } from '../../ui/ConfirmDialog';
import { FormFailure } from '../../ui/FormFailure';
import { Text } from '../../ui/Page';
import { announce } from '../../ui/Toasts';
import { useSession } from '../../state/session';
import { FileField } from './FileField';
import { deleteCaption, uploadCaption, type Caption, type Media } from './mediaCalls';
import { ACCEPT, captionFileProblems } from './mediaFile';

/** Our words (the spec has no captions). */
const CAPTION_TEXTS = {
  heading: 'Captions',
  intro: 'Captions tracks (WebVTT files) learners can turn on in the video player, one per language.',
  empty: 'This video has no captions yet.',
  add: 'Add Captions',
  upload: 'Upload Captions',
  uploaded: 'Captions Uploaded!',
  languageHelp: 'A language tag, such as en or pt-BR.',
  labelHelp: 'What the video player’s captions menu shows, such as English.',
  isDefault: 'Show by default',
  defaultBadge: 'Default',
  deleteQuestion: 'This will permanently delete these captions. Are you sure you want to continue?',
} as const;

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$3' });

const Tracks = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$2' });

const Track = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$2',
  padding: '$2 $3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
  fontFamily: '$body',
  fontSize: '$2',
  color: '$text',
});

const Badge = styled('span', { marginLeft: '$2', padding: '0 $2', borderRadius: '$round', backgroundColor: '$surfaceMuted', fontSize: '$1' });

const FIELDS = ['file', 'language', 'label', 'is_default'] as const;

const EMPTY = { language: '', label: '', is_default: false };

/** The tracks by language, the default flag on one of them at most (as the server keeps them). */
function withCaption(captions: Caption[], added: Caption): Caption[] {
  const others = captions.map((caption) => (added.is_default ? { ...caption, is_default: false } : caption));
  return [...others, added].sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
}

function UploadForm({ tenantId, mediaId, onUploaded }: { tenantId: string; mediaId: string; onUploaded(caption: Caption): void }) {
  const limits = useSession((state) => state.config) as FileLimits;
  const [file, setFile] = useState<File | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [round, setRound] = useState(0);
  const form = useForm({
    initialValues: EMPTY,
    rules: forms.mediaCaption,
    fields: FIELDS,
    check: async (): Promise<FieldErrors> => {
      if (!file) return { file: [messages.required('file')] };
      const problems = await captionFileProblems(file, limits);
      return problems.length ? { file: problems } : {};
    },
    submit: (values) =>
      uploadCaption(tenantId, mediaId, { file: file as File, language: values.language.trim(), label: values.label.trim(), is_default: values.is_default }),
    onSuccess: (answer) => {
      onUploaded(answer.data);
      setFile(null);
      setFileProblems([]);
      setRound((value) => value + 1);
    },
  });

  async function pick(picked: File | null) {
    form.touched('file');
    setFile(picked);
    setFileProblems(picked ? await captionFileProblems(picked, limits) : []);
  }

  const fileErrors = [...new Set([...fileProblems, ...(form.errors.file ?? [])])];
  return (
    <Form onSubmit={form.handleSubmit} aria-label={CAPTION_TEXTS.add}>
      <Heading level={3} size="small">
        {CAPTION_TEXTS.add}
      </Heading>
      <FileField
        key={round}
        label="Captions File"
        name="file"
        accept={ACCEPT.caption}
        isRequired
        isDisabled={form.isSaving}
        onPick={(picked) => void pick(picked)}
        errors={fileErrors}
      />
      <TextField label="Language" isRequired description={CAPTION_TEXTS.languageHelp} {...form.bind('language')} />
      <TextField label="Label" isRequired description={CAPTION_TEXTS.labelHelp} {...form.bind('label')} />
      <Checkbox
        label={CAPTION_TEXTS.isDefault}
        name="is_default"
        isSelected={form.values.is_default}
        onChange={(selected) => form.setValue('is_default', selected)}
      />
      <FormActions
        form={{ ...form, hasErrors: form.hasErrors || fileProblems.length > 0 }}
        success={CAPTION_TEXTS.uploaded}
        submitLabel={CAPTION_TEXTS.upload}
      />
    </Form>
  );
}

/** Media edit of a video: its WebVTT captions tracks, each deletable behind a question, and the upload form. */
export function CaptionsSection({ tenantId, media }: { tenantId: string; media: Media }) {
  const [captions, setCaptions] = useState<Caption[]>(media.captions ?? []);
  const [asked, setAsked] = useState<Caption | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);

  async function confirmDelete() {
    if (!asked) return;
    setDeleting(true);
    const outcome = await deleteCaption(tenantId, media.id, asked.id);
    setDeleting(false);
    setAsked(null);
    if (outcome.ok) {
      setFailure([]);
      setCaptions((current) => current.filter((caption) => caption.id !== asked.id));
      announce('Captions deleted', `“${asked.label}” was deleted.`);
    } else if (!outcome.routed) setFailure([outcome.error.message]);
  }

  return (
    <Section aria-labelledby="captions-heading">
      <Heading level={2} id="captions-heading">
        {CAPTION_TEXTS.heading}
      </Heading>
      <Text>{CAPTION_TEXTS.intro}</Text>
      <FormFailure messages={failure} />
      {captions.length === 0 ? (
        <Text>{CAPTION_TEXTS.empty}</Text>
      ) : (
        <Tracks aria-label="Captions tracks">
          {captions.map((caption) => (
            <Track key={caption.id}>
              <span>
                {caption.label} ({caption.language}){caption.is_default ? <Badge>{CAPTION_TEXTS.defaultBadge}</Badge> : null}
              </span>
              <Button variant="danger" onPress={() => setAsked(caption)} aria-label={`Delete captions ${caption.label} (${caption.language})`}>
                Delete
              </Button>
            </Track>
          ))}
        </Tracks>
      )}
      <UploadForm tenantId={tenantId} mediaId={media.id} onUploaded={(added) => setCaptions((current) => withCaption(current, added))} />
      <ConfirmDialog
        title={CAPTION_TEXTS.deleteQuestion}
        question={asked ? `${asked.label} (${asked.language})` : undefined}
        {...DELETE_ANSWERS}
        isOpen={asked !== null}
        isPending={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setAsked(null)}
      />
    </Section>
  );
}
