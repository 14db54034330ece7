import type { MediaType } from '@tessera/sdk';
import { forms, messages, type FieldErrors, type FileLimits } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Button, Form, Heading, TextField } from '@tessera/widgets/ui';
import { useState } from 'react';
import { FormActions } from '../../forms/FormActions';
import { useForm } from '../../forms/useForm';
import { InfoTip } from '../../ui/InfoTip';
import { Row, Text } from '../../ui/Page';
import { Select } from '../../ui/Select';
import { TagPicker } from '../../ui/TagPicker';
import { searchModules } from '../modules/moduleOptions';
import { useOrganization } from '../organization/organizationContext';
import { CropImage } from './CropImage';
import { FileField } from './FileField';
import { createMedia, type Media } from './mediaCalls';
import { ACCEPT, fileCheckProblems, MEDIA_TYPE_OPTIONS, nameAfterPick } from './mediaFile';
import { useFileProblems } from './useFileProblems';
import { useObjectUrl } from './useObjectUrl';
import { UnsavedChangesPrompt } from '../../forms/UnsavedChangesPrompt';

/** Spec section 8: the warnings shown while a large file uploads. */
const UPLOADING_TEXT: Partial<Record<MediaType, string>> = {
  video: 'Uploading video... this may take up to several minutes',
  audio: 'Uploading audio file... this may take up to several minutes',
};

/**
 * Spec 2.9 names the Add tab's success "Media Created!", section 4 calls the same moment "Media Uploaded!".
 * Section 7.3 says a save shows "the success message of the screen", so the screen's text (2.9) is used.
 */
const MEDIA_CREATED = 'Media Created!';

const Preview = styled('img', { display: 'block', maxWidth: '200px', maxHeight: '150px', border: '1px solid $borderSubtle' });

type FilePart = 'file' | 'thumbnail';

const NEW_MEDIA = { name: '', modules: [] as string[] };

/** The files' messages before anything is sent: required parts first, then type, size and dimensions. */
async function problemsBeforeUpload(kind: MediaType, file: File | null, thumbnail: File | null, limits: FileLimits): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!file) errors.file = [messages.required('file')];
  else {
    const problems = await fileCheckProblems(kind, file, limits);
    if (problems.length) errors.file = problems;
  }
  if (kind === 'video' && !thumbnail) errors.thumbnail = [messages.required('thumbnail')];
  else if (thumbnail) {
    const problems = await fileCheckProblems('thumbnail', thumbnail, limits);
    if (problems.length) errors.thumbnail = problems;
  }
  return errors;
}

/** A cropped image travels as a png named after the media. */
function croppedFile(cropped: Blob, name: string): File {
  return new File([cropped], `${name || 'image'}.png`, { type: 'image/png' });
}

/** The Add tab (spec 2.9, Add a new file). */
export function AddMediaForm({ onCreated }: { onCreated?(media: Media): void }) {
  const { organization } = useOrganization();
  const files = useFileProblems();
  const { limits } = files;
  const [kind, setKind] = useState<MediaType>('image');
  // A new round empties the file inputs (a type change, a success).
  const [round, setRound] = useState(0);
  const [original, setOriginal] = useState<File | null>(null);
  const [cropped, setCropped] = useState<Blob | null>(null);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [isCropping, setCropping] = useState(false);

  const clearFiles = () => {
    setOriginal(null);
    setCropped(null);
    setThumbnail(null);
    files.clear();
    setRound((value) => value + 1);
  };

  const form = useForm({
    initialValues: NEW_MEDIA,
    rules: forms.media,
    fields: ['name', 'modules', 'file', 'thumbnail'],
    // The files' problems show together with the fields' (a missing name and a missing file at once).
    check: (values) => problemsBeforeUpload(kind, cropped ? croppedFile(cropped, values.name) : original, thumbnail, limits),
    submit: (values) => {
      const file = cropped ? croppedFile(cropped, values.name) : original;
      return createMedia(organization.id, { name: values.name.trim(), type: kind, file, thumbnail, crop_image: cropped !== null }, values.modules);
    },
    onSuccess: (media) => {
      clearFiles();
      onCreated?.(media);
    },
  });

  // Spec section 4: changing the media type resets the form.
  function changeKind(next: string) {
    setKind(next as MediaType);
    form.reset(NEW_MEDIA);
    clearFiles();
  }

  function pick(part: FilePart, file: File | null) {
    form.touched(part);
    if (part === 'file') {
      if (file) form.setValue('name', nameAfterPick(form.values.name, original, file));
      setOriginal(file);
      setCropped(null);
    } else setThumbnail(file);
    void files.check(part, part === 'file' ? kind : 'thumbnail', file);
  }

  const errorsOf = (part: FilePart) => files.messagesFor(part, form.errors);
  const imageReady = kind === 'image' && original !== null && !files.problems.file?.length;
  const shownImage = cropped ?? (imageReady ? original : null);

  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="add-media-heading">
      {/* Typed data is not lost to a tab switch or the sidebar without the question. */}
      <UnsavedChangesPrompt when={form.isDirty || original !== null} includeSearch />
      <Heading level={2} id="add-media-heading">
        Add a new file
      </Heading>
      <Select label="Media Type" name="type" options={MEDIA_TYPE_OPTIONS} value={kind} onChange={changeKind} isDisabled={form.isSaving} />
      <FileField
        key={`file-${round}`}
        label="File"
        name="file"
        accept={ACCEPT[kind]}
        isRequired
        isDisabled={form.isSaving}
        onPick={(file) => pick('file', file)}
        errors={errorsOf('file')}
      />
      {kind === 'image' ? (
        <Row>
          <Button variant="secondary" isDisabled={!imageReady || form.isSaving} onPress={() => setCropping(true)}>
            Crop Image
          </Button>
          <Button variant="secondary" isDisabled={!cropped || form.isSaving} onPress={() => setCropped(null)}>
            Revert Image
          </Button>
          {cropped ? <Text tone="muted">Cropped</Text> : null}
        </Row>
      ) : null}
      {shownImage ? <ImagePreview image={shownImage} /> : null}
      {kind === 'video' ? (
        <FileField
          key={`thumbnail-${round}`}
          label="Thumbnail"
          name="thumbnail"
          accept={ACCEPT.thumbnail}
          isRequired
          isDisabled={form.isSaving}
          tip={<InfoTip label="About the thumbnail" text={messages.thumbnailType} />}
          onPick={(file) => pick('thumbnail', file)}
          errors={errorsOf('thumbnail')}
        />
      ) : null}
      <TextField label="Name" isRequired {...form.bind('name')} />
      <TagPicker
        label="Modules"
        placeholder="Search modules"
        value={form.values.modules}
        onChange={(modules) => form.setValue('modules', modules)}
        search={searchModules(organization.id)}
        errors={form.errors.modules}
      />
      {form.isSaving && UPLOADING_TEXT[kind] ? <Alert tone="warning">{UPLOADING_TEXT[kind]}</Alert> : null}
      <FormActions form={{ ...form, hasErrors: form.hasErrors || files.hasProblems }} success={MEDIA_CREATED} />
      {isCropping && original ? (
        <CropImage
          image={original}
          onCrop={(blob) => {
            setCropped(blob);
            setCropping(false);
          }}
          onCancel={() => setCropping(false)}
        />
      ) : null}
    </Form>
  );
}

/** The image about to be uploaded (the cropped one once cropped). */
function ImagePreview({ image }: { image: Blob }) {
  const url = useObjectUrl(image);
  return url ? <Preview src={url} alt="The image to upload" /> : null;
}
