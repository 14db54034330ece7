import 'cropperjs/dist/cropper.css';
import { Button } from '@tessera/widgets/ui';
import { useRef } from 'react';
import { Cropper, type ReactCropperElement } from 'react-cropper';
import { DialogActions } from '../../ui/Dialog';

/** Spec 9: the crop viewport is 400 px wide, its height in proportion to the configured crop size. */
export const CROP_VIEWPORT_WIDTH = 400;

export interface CropperPanelProps {
  /** An object URL of the picked image. */
  src: string;
  /** The configured crop size (`/config` image.min_width and min_height): the output's pixels. */
  width: number;
  height: number;
  onCropped(png: Blob): void;
  onCancel(): void;
}

/**
 * react-cropper on the picked image at the configured ratio; Crop makes a png of exactly the configured size
 * (spec 5). This module is loaded only when someone crops, so cropperjs stays out of every other page.
 */
export default function CropperPanel({ src, width, height, onCropped, onCancel }: CropperPanelProps) {
  const cropper = useRef<ReactCropperElement>(null);
  const crop = () => {
    const canvas = cropper.current?.cropper.getCroppedCanvas({ width, height });
    canvas?.toBlob((png) => png && onCropped(png), 'image/png');
  };
  return (
    <>
      <Cropper
        ref={cropper}
        src={src}
        alt="The image to crop"
        style={{ width: CROP_VIEWPORT_WIDTH, maxWidth: '100%', height: Math.round((CROP_VIEWPORT_WIDTH * height) / width) }}
        aspectRatio={width / height}
        viewMode={1}
        autoCropArea={1}
        guides
      />
      <DialogActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button onPress={crop}>Crop</Button>
      </DialogActions>
    </>
  );
}
