import type { MediaSummary } from '@tessera/sdk';
import { formatFileSize, type FieldErrors } from '@tessera/sdk/rules';
import { Button, TextField } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';
import { useId, useState } from 'react';
import { formatDate } from '../../lib/dates';
import { useSession } from '../../state/session';
import { ModalDialog } from '../../ui/Dialog';
import { Row, Text } from '../../ui/Page';
import { RadioGroup } from '../../ui/RadioGroup';
import { CropImage } from '../media/CropImage';
import { FileField } from '../media/FileField';
import { MediaLibraryPicker } from '../media/MediaLibraryPicker';
import { useObjectUrl } from '../media/useObjectUrl';
import { ACCEPT, fileCheckProblems, nameAfterPick } from '../media/mediaFile';
import type { ImageFields, ImageUpload } from './imageChoice';

const Fieldset = styled('fieldset', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  margin: 0,
  padding: '$3',
  border: '1px solid $borderSubtle',
  borderRadius: '$md',
});

const Legend = styled('legend', { padding: '0 $1', fontSize: '$2', fontWeight: '$bold' });

const Figure = styled('figure', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  margin: 0,
  '& img': { width: '160px', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: '$sm', border: '1px solid $borderSubtle' },
  '& figcaption': { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$2' },
});

const Enlarge = styled('button', {
  padding: 0,
  border: 'none',
  background: 'none',
  cursor: 'zoom-in',
  borderRadius: '$sm',
  outline: 'none',
  '&:focus-visible': { boxShadow: '$focus' },
});

const Large = styled('img', { width: '100%', height: 'auto' });

const Errors = styled('div', { display: 'flex', flexDirection: 'column', fontSize: '$1', color: '$danger' });

/** The visible title of an image's caption ("Selected Image", "Current image"), above its facts; it names the figure. */
const CaptionTitle = styled('span', {
  fontSize: '$2',
  fontWeight: '$bold',
  color: '$textMuted',
});

/**
 * A title, then the name, size and created date of an image (spec 2.9: the current image and the Selected
 * Image preview, "Selected Image preview (name, size, created date)").
 */
function ImageFacts({ title, titleId, image }: { title: string; titleId: string; image: Pick<MediaSummary, 'name' | 'size' | 'created_at'> }) {
  return (
    <figcaption>
      <CaptionTitle id={titleId}>{title}</CaptionTitle>
      <strong>{image.name}</strong>
      <span>Size: {formatFileSize(image.size)}</span>
      <span>Created: {formatDate(image.created_at)}</span>
    </figcaption>
  );
}

/** An image of the library with its facts; a click enlarges it. */
function MediaImage({ image, label }: { image: MediaSummary; label: string }) {
  const [isEnlarged, setEnlarged] = useState(false);
  const titleId = useId();
  return (
    <Figure aria-labelledby={titleId}>
      <Enlarge type="button" aria-label={`Enlarge ${image.name}`} onClick={() => setEnlarged(true)}>
        <img src={image.thumbnail?.url ?? image.url} alt={image.name} />
      </Enlarge>
      <ImageFacts title={label} titleId={titleId} image={image} />
      <ModalDialog title={image.name} isOpen={isEnlarged} onOpenChange={setEnlarged} isDismissable size="large">
        <Large src={image.url} alt={image.name} />
        <Row justify="end">
          <Button variant="secondary" autoFocus onPress={() => setEnlarged(false)}>
            Close
          </Button>
        </Row>
      </ModalDialog>
    </Figure>
  );
}

export interface ImageChoiceState {
  upload: ImageUpload | null;
  /** The client-side checks of the picked (or cropped) file; while any show, the form cannot be sent. */
  problems: string[];
  /** The library image chosen in the modal (its preview). */
  chosen: MediaSummary | null;
}

export const NO_CHOICE_STATE: ImageChoiceState = { upload: null, problems: [], chosen: null };

export interface ImageChooserProps {
  tenantId: string;
  /** "Main Image" on create, "Update Module Image" on edit (spec 2.9). */
  label: string;
  /** The record's current image (edit screens). */
  current?: MediaSummary | null;
  values: ImageFields;
  errors: FieldErrors;
  setValue(field: keyof ImageFields, value: string): void;
  state: ImageChoiceState;
  onState(state: ImageChoiceState): void;
}

function UploadChoice({ values, errors, setValue, state, onState }: Pick<ImageChooserProps, 'values' | 'errors' | 'setValue' | 'state' | 'onState'>) {
  const config = useSession((session) => session.config);
  const [isCropping, setCropping] = useState(false);
  const shown = state.upload ? (state.upload.cropped ?? state.upload.original) : null;
  const preview = useObjectUrl(shown);

  async function check(file: File, upload: ImageUpload) {
    const problems = config ? await fileCheckProblems('image', file, config) : [];
    onState({ ...state, upload, problems });
  }

  async function pick(file: File | null) {
    setValue('image', file?.name ?? '');
    if (!file) return onState({ ...state, upload: null, problems: [] });
    setValue('image_name', nameAfterPick(values.image_name, state.upload?.original ?? null, file));
    await check(file, { original: file, cropped: null });
  }

  async function cropped(png: Blob) {
    setCropping(false);
    if (!state.upload) return;
    const file = new File([png], 'cropped.png', { type: 'image/png' });
    await check(file, { original: state.upload.original, cropped: png });
  }

  return (
    <>
      <FileField label="Image" name="image" accept={ACCEPT.image} onPick={(file) => void pick(file)} errors={[...state.problems, ...(errors.image ?? [])]} />
      <TextField
        label="Image Name"
        name="image_name"
        value={values.image_name}
        onChange={(name) => setValue('image_name', name)}
        errors={errors.image_name ?? []}
      />
      {preview && state.upload ? (
        <Figure aria-label="The new image">
          <img src={preview} alt={`Preview of ${values.image_name || state.upload.original.name}`} />
          <figcaption>
            <span>{state.upload.cropped ? 'Cropped' : 'Original'}</span>
            {shown ? <span>Size: {formatFileSize(shown.size)}</span> : null}
            <Row>
              {/* One rule with Media Add: an image below the minimum size cannot be cropped (a crop would upscale it). */}
              <Button variant="secondary" isDisabled={!state.upload.cropped && state.problems.length > 0} onPress={() => setCropping(true)}>
                Crop Image
              </Button>
              {state.upload.cropped ? (
                <Button variant="secondary" onPress={() => void check(state.upload!.original, { original: state.upload!.original, cropped: null })}>
                  Revert Image
                </Button>
              ) : null}
            </Row>
          </figcaption>
        </Figure>
      ) : null}
      {isCropping && state.upload ? <CropImage image={state.upload.original} onCrop={(png) => void cropped(png)} onCancel={() => setCropping(false)} /> : null}
    </>
  );
}

function LibraryChoice({ tenantId, errors, setValue, state, onState }: Pick<ImageChooserProps, 'tenantId' | 'errors' | 'setValue' | 'state' | 'onState'>) {
  const [isOpen, setOpen] = useState(false);
  const select = (image: MediaSummary) => {
    setOpen(false);
    setValue('image_id', image.id);
    onState({ ...state, chosen: image });
  };
  return (
    <>
      <div>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          Open Media Library
        </Button>
      </div>
      {state.chosen ? <MediaImage image={state.chosen} label="Selected Image" /> : <Text tone="muted">No image selected.</Text>}
      {errors.image_id?.length ? (
        <Errors>
          {errors.image_id.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </Errors>
      ) : null}
      <MediaLibraryPicker tenantId={tenantId} type="image" isOpen={isOpen} onSelect={select} onCancel={() => setOpen(false)} />
    </>
  );
}

/**
 * The image choice of the module and component forms (spec 2.9): the current image, then Upload a new image
 * (file, Image Name, preview, crop and revert) or Choose an image from the library (the Media Library modal and
 * the Selected Image preview). No choice keeps the current image.
 */
export function ImageChooser({ tenantId, label, current, values, errors, setValue, state, onState }: ImageChooserProps) {
  const source = values.image_source;
  const choose = (next: string) => {
    setValue('image_source', next);
    // Another source: what the previous one picked is not sent.
    setValue('image', '');
    setValue('image_id', '');
    onState(NO_CHOICE_STATE);
  };
  return (
    <Fieldset>
      <Legend>{label}</Legend>
      {current ? <MediaImage image={current} label="Current image" /> : null}
      <RadioGroup
        label="Image source"
        name="image_source"
        value={source}
        onChange={choose}
        options={[
          { id: 'upload', label: 'Upload a new image' },
          { id: 'library', label: 'Choose an image from the library' },
        ]}
        errors={errors.image_source}
      />
      {source === 'upload' ? <UploadChoice values={values} errors={errors} setValue={setValue} state={state} onState={onState} /> : null}
      {source === 'library' ? <LibraryChoice tenantId={tenantId} errors={errors} setValue={setValue} state={state} onState={onState} /> : null}
      {source ? (
        <div>
          <Button variant="link" onPress={() => choose('')}>
            {current ? 'Keep the current image' : 'No image'}
          </Button>
        </div>
      ) : null}
    </Fieldset>
  );
}
