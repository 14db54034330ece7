import 'cropperjs/dist/cropper.css';
import { styled } from '@tessera/widgets/stitches';
import { Alert, Button } from '@tessera/widgets/ui';
import { useId, useState } from 'react';
import { Cropper } from 'react-cropper';
import type CropperJs from 'cropperjs';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { useObjectUrl } from './useObjectUrl';

/** Spec section 9: the crop viewport is 400 pixels wide, its height in proportion to the crop size. */
const CROP_VIEWPORT_WIDTH = 400;

const Section = styled('section', { display: 'flex', flexDirection: 'column', gap: '$2' });

const SectionTitle = styled('h3', { margin: 0, fontSize: '$3', fontWeight: '$bold' });

const Preview = styled('div', { overflow: 'hidden', width: `${CROP_VIEWPORT_WIDTH / 2}px`, border: '1px solid $borderSubtle' });

interface CropSize {
  width: number;
  height: number;
}

export interface ImageCropDialogProps {
  /** The picked image file. */
  image: Blob;
  /** The configured crop size (`/config` image min_width x min_height): the ratio and the output size. */
  size: CropSize;
  onCrop(cropped: Blob): void;
  onCancel(): void;
}

/** A class name a CSS selector can use (react-cropper finds its preview by selector). */
function selectorSafe(id: string): string {
  return `crop-preview-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/**
 * The Upload Image modal (spec 2.9): the original with a crop box of the configured ratio, a live
 * preview of the cropped part, and Crop, which answers a png of exactly the configured size.
 * This module loads cropperjs, so it is imported lazily when the modal first opens.
 */
export default function ImageCropDialog({ image, size, onCrop, onCancel }: ImageCropDialogProps) {
  const previewClass = selectorSafe(useId());
  const source = useObjectUrl(image) ?? undefined;
  const [cropper, setCropper] = useState<CropperJs | null>(null);
  const [isCropping, setCropping] = useState(false);
  const [tooSmall, setTooSmall] = useState(false);
  const ratio = size.width / size.height;

  function crop() {
    if (!cropper) return;
    // The crop never upscales (issue 14): the chosen area, in the image's own pixels, must be at least the crop
    // size, the same rule that disables Crop Image for a picked image below the minimum.
    const area = cropper.getData(true);
    if (area.width < size.width || area.height < size.height) {
      setTooSmall(true);
      return;
    }
    setTooSmall(false);
    setCropping(true);
    cropper.getCroppedCanvas({ width: size.width, height: size.height }).toBlob((blob) => {
      setCropping(false);
      if (blob) onCrop(blob);
    }, 'image/png');
  }

  return (
    <ModalDialog title="Upload Image" isOpen>
      <Section aria-labelledby={`${previewClass}-original`}>
        <SectionTitle id={`${previewClass}-original`}>Original</SectionTitle>
        <Cropper
          src={source}
          alt="The original image with the crop box"
          style={{ width: CROP_VIEWPORT_WIDTH, height: CROP_VIEWPORT_WIDTH / ratio, maxWidth: '100%' }}
          aspectRatio={ratio}
          viewMode={1}
          autoCropArea={1}
          guides
          preview={`.${previewClass}`}
          onInitialized={setCropper}
        />
      </Section>
      <Section aria-labelledby={`${previewClass}-cropped`}>
        <SectionTitle id={`${previewClass}-cropped`}>Cropped</SectionTitle>
        <Preview className={previewClass} style={{ height: CROP_VIEWPORT_WIDTH / 2 / ratio }} role="img" aria-label="Preview of the cropped image" />
      </Section>
      {tooSmall ? <Alert tone="error">{`The selected area is smaller than ${size.width} by ${size.height} pixels. Select a larger area.`}</Alert> : null}
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button isDisabled={!cropper} isPending={isCropping} onPress={crop}>
          Crop
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
