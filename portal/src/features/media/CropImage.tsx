import type { FileLimits } from '@tessera/sdk/rules';
import { lazy, Suspense } from 'react';
import { useSession } from '../../state/session';
import { Text } from '../../ui/Page';

// The Upload Image modal brings react-cropper and cropperjs only when someone crops.
const ImageCropDialog = lazy(() => import('./ImageCropDialog'));

export interface CropImageProps {
  /** The picked image (always the original: cropping again starts from it). */
  image: Blob;
  onCrop(cropped: Blob): void;
  onCancel(): void;
}

/**
 * The portal's one image cropper (the media Add tab, the module and component image uploads):
 * the Upload Image modal at the configured crop size (`/config` image min_width x min_height).
 */
export function CropImage({ image, onCrop, onCancel }: CropImageProps) {
  // The configuration is loaded before any authenticated screen renders (guards/loaders).
  const { image: size } = useSession((state) => state.config) as FileLimits;
  return (
    <Suspense fallback={<Text>Loading...</Text>}>
      <ImageCropDialog image={image} size={{ width: size.min_width, height: size.min_height }} onCrop={onCrop} onCancel={onCancel} />
    </Suspense>
  );
}
